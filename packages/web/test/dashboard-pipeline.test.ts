import type { GenerationStatus } from '@reelbench/sdk';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseNextStep,
  REVISE_STEP,
  scriptChangedSincePass,
  summarizeShots,
} from '../src/pages/dashboard/pipeline.js';
import { contextAt, offlineServices } from './action-context.js';

function shot(
  image: GenerationStatus,
  video: GenerationStatus = 'pending',
  urls: { image?: string; video?: string } = {},
) {
  return {
    generation_status: image,
    video_generation_status: video,
    image_url: urls.image ?? null,
    video_url: urls.video ?? null,
  };
}

describe('summarizeShots', () => {
  it('counts frames and clips by status, a url meaning completed', () => {
    const summary = summarizeShots([
      shot('pending'),
      shot('queued'),
      shot('processing'),
      shot('failed'),
      shot('pending', 'pending', { image: 'https://cdn.test/a.png' }),
      shot('completed', 'cancelled', { image: 'https://cdn.test/b.png', video: 'https://cdn.test/b.mp4' }),
    ]);
    expect(summary.total).toBe(6);
    expect(summary.images).toEqual({ pending: 1, processing: 2, completed: 2, stale: 0, failed: 1 });
    expect(summary.videos).toEqual({ pending: 5, processing: 0, completed: 1, stale: 0, failed: 0 });
  });
});

describe('chooseNextStep', () => {
  const none = summarizeShots([]);

  it('asks for the script when there is neither script nor shots', () => {
    const next = chooseNextStep({ scriptWords: 0, shots: none, activeJobs: [] });
    expect(next.step.id).toBe('script');
    expect(next.step.actionId).toBe('nav.script');
    expect([...next.done]).toEqual([]);
  });

  it('offers the first pass once the script has words', () => {
    const next = chooseNextStep({ scriptWords: 120, shots: none, activeJobs: [] });
    expect(next.step.id).toBe('firstPass');
    expect(next.step.actionId).toBe('project.firstPass');
    expect([...next.done]).toEqual(['script']);
  });

  it('renders images while any frame is missing, and says a running batch is already doing it', () => {
    const shots = summarizeShots([shot('completed', 'pending', { image: 'x' }), shot('pending')]);
    const next = chooseNextStep({ scriptWords: 50, shots, activeJobs: [] });
    expect(next.step.id).toBe('images');
    expect(next.step.actionId).toBe('generate.renderAllImages');
    expect(next.reason).toBe('1 of 2 shots have no frame yet.');
    expect(next.running).toBeNull();

    const busy = chooseNextStep({
      scriptWords: 50,
      shots,
      activeJobs: [{ type: 'shot:generate-batch', progress: 40 }],
    });
    expect(busy.running).toEqual({ type: 'shot:generate-batch', progress: 40 });
  });

  it('renders videos once every frame exists, then the rough cut, never export', () => {
    const framed = summarizeShots([shot('completed', 'pending', { image: 'x' })]);
    expect(chooseNextStep({ scriptWords: 0, shots: framed, activeJobs: [] }).step.id).toBe('videos');
    const done = summarizeShots([shot('completed', 'completed', { image: 'x', video: 'y' })]);
    const next = chooseNextStep({ scriptWords: 10, shots: done, activeJobs: [] });
    expect(next.step.id).toBe('roughCut');
    expect(next.step.actionId).toBe('nav.rough-cut');
    expect([...next.done].sort()).toEqual(['firstPass', 'images', 'script', 'videos']);
  });

  it('after a rough cut, the next step is the export; after an export, every step is done', () => {
    const done = summarizeShots([shot('completed', 'completed', { image: 'x', video: 'y' })]);
    const cut = chooseNextStep({ scriptWords: 10, shots: done, activeJobs: [], roughCut: true });
    expect(cut.step.id).toBe('export');
    expect(cut.done.has('roughCut')).toBe(true);
    expect(cut.done.has('export')).toBe(false);
    const out = chooseNextStep({
      scriptWords: 10,
      shots: done,
      activeJobs: [],
      roughCut: true,
      exported: true,
    });
    expect([...out.done].sort()).toEqual(['export', 'firstPass', 'images', 'roughCut', 'script', 'videos']);
    expect(out.reason).toMatch(/review link/);
  });

  it('counts a rough cut and an export as done even while a later render is missing', () => {
    const half = summarizeShots([shot('completed', 'pending', { image: 'x' })]);
    const next = chooseNextStep({
      scriptWords: 10,
      shots: half,
      activeJobs: [],
      roughCut: true,
      exported: true,
    });
    expect(next.step.id).toBe('videos');
    expect(next.done.has('roughCut')).toBe(true);
    expect(next.done.has('export')).toBe(true);
  });

  it('treats shots without a script (imported shots) as past the first pass', () => {
    const shots = summarizeShots([shot('pending')]);
    const next = chooseNextStep({ scriptWords: 0, shots, activeJobs: [] });
    expect(next.step.id).toBe('images');
    expect(next.done.has('script')).toBe(false);
    expect(next.done.has('firstPass')).toBe(true);
  });
});

describe('the revise step', () => {
  const rendered = summarizeShots([
    shot('completed', 'completed', { image: 'https://cdn.test/a.png', video: 'https://cdn.test/a.mp4' }),
  ]);

  it('comes first once the saved script differs from the one the last pass ran on', () => {
    const next = chooseNextStep({ scriptWords: 40, shots: rendered, activeJobs: [], scriptChanged: true });
    expect(next.step.label).toBe('Script changed — Revise shots');
    expect(next.step.actionId).toBe('project.reviseShots');
    expect(next.done.has('firstPass')).toBe(false);
    expect(next.done.has('images')).toBe(true);
    const unchanged = chooseNextStep({
      scriptWords: 40,
      shots: rendered,
      activeJobs: [],
      scriptChanged: false,
    });
    expect(unchanged.step.id).toBe('roughCut');
  });

  it('is not offered before a first pass has shots', () => {
    const next = chooseNextStep({
      scriptWords: 40,
      shots: summarizeShots([]),
      activeJobs: [],
      scriptChanged: true,
    });
    expect(next.step.label).toBe('Generate first pass');
  });

  it('compares the saved script with the last pass, and says nothing before any pass is kept', () => {
    expect(scriptChangedSincePass('A\nB', 'A\nB')).toBe(false);
    expect(scriptChangedSincePass('A\nB!', 'A\nB')).toBe(true);
    expect(scriptChangedSincePass('A', null)).toBe(false);
    expect(scriptChangedSincePass('A', undefined)).toBe(false);
  });
});

describe('the revise step', () => {
  it('opens the "Revise shots" dialog where the user is', () => {
    const services = offlineServices();
    const navigate = vi.fn();
    const context = contextAt(services, '/project/p1/dashboard', navigate);
    const action = services.registry.get(REVISE_STEP.actionId ?? '');
    expect(action && services.registry.isAvailable(action, context)).toBe(true);
    void action?.perform(context);
    expect(services.ui.store.get().reviseShotsOpen).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
