import { describe, expect, it } from 'vitest';
import { jobLabel, percent, sortJobs } from '../src/format/job-format.js';

describe('jobLabel', () => {
  it('names the batch jobs in words', () => {
    expect(jobLabel('shot:generate-batch')).toBe('Render images');
    expect(jobLabel('shot:generate-video-batch')).toBe('Render videos');
    expect(jobLabel('composition:create-batch')).toBe('Re-compose shots');
  });

  it('turns an unknown type into a readable phrase', () => {
    expect(jobLabel('audio:mix-down')).toBe('Mix down');
    expect(jobLabel('asset:generateAllVariants')).toBe('Generate all variants');
    expect(jobLabel('')).toBe('Job');
  });
});

describe('sortJobs', () => {
  const job = (
    id: string,
    status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled',
    createdAt: string,
    updatedAt = createdAt,
  ) => ({
    id,
    status,
    createdAt,
    updatedAt,
  });

  it('puts running first, then queued in start order, then finished by most recent', () => {
    const sorted = sortJobs([
      job('done-old', 'completed', '2026-11-25T10:00:00Z', '2026-11-25T10:05:00Z'),
      job('queued-late', 'queued', '2026-11-25T11:30:00Z'),
      job('failed-new', 'failed', '2026-11-25T10:10:00Z', '2026-11-25T11:00:00Z'),
      job('running', 'running', '2026-11-25T11:00:00Z'),
      job('queued-early', 'queued', '2026-11-25T11:10:00Z'),
      job('cancelled', 'cancelled', '2026-11-25T09:00:00Z', '2026-11-25T10:30:00Z'),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual([
      'running',
      'queued-early',
      'queued-late',
      'failed-new',
      'cancelled',
      'done-old',
    ]);
  });
});

describe('percent', () => {
  it('rounds and clamps', () => {
    expect(percent(42.4)).toBe(42);
    expect(percent(-5)).toBe(0);
    expect(percent(130)).toBe(100);
    expect(percent(Number.NaN)).toBe(0);
  });
});
