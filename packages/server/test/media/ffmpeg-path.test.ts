import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installerFfmpegPath, resolveFfmpeg } from '../../src/media/ffmpeg-path.js';

describe('resolveFfmpeg', () => {
  let directory: string;
  let bundled: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-ffmpeg-path-'));
    const installer = installerFfmpegPath();
    if (!installer) throw new Error('@ffmpeg-installer/ffmpeg ships no binary for this platform');
    bundled = installer;
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('prefers FFMPEG_PATH', () => {
    expect(resolveFfmpeg({ ffmpegPath: bundled, searchPath: '/usr/bin' })).toEqual({
      path: bundled,
      source: 'FFMPEG_PATH',
    });
  });

  it('refuses an FFMPEG_PATH that is not an executable file instead of guessing', async () => {
    const plain = path.join(directory, 'not-executable');
    await writeFile(plain, 'text');
    await chmod(plain, 0o644);
    for (const ffmpegPath of [plain, path.join(directory, 'missing'), directory]) {
      expect(() => resolveFfmpeg({ ffmpegPath })).toThrowError(
        expect.objectContaining({
          code: 'NOT_AVAILABLE_ERROR',
          message: `FFMPEG_PATH is not an executable file: ${ffmpegPath}`,
        }),
      );
    }
  });

  it('then looks for ffmpeg on PATH', async () => {
    const bin = path.join(directory, 'bin');
    await mkdir(bin);
    await symlink(bundled, path.join(bin, 'ffmpeg'));
    const searchPath = ['/nonexistent', bin].join(path.delimiter);
    expect(resolveFfmpeg({ searchPath })).toEqual({ path: path.join(bin, 'ffmpeg'), source: 'PATH' });
  });

  it("then uses @ffmpeg-installer/ffmpeg's binary", () => {
    expect(resolveFfmpeg({ searchPath: directory })).toEqual({
      path: bundled,
      source: '@ffmpeg-installer/ffmpeg',
    });
  });

  it('says how to fix it when there is no ffmpeg at all', () => {
    expect(() => resolveFfmpeg({ searchPath: '', installerPath: () => undefined })).toThrowError(
      expect.objectContaining({
        code: 'NOT_AVAILABLE_ERROR',
        statusCode: 501,
        message: 'ffmpeg is not available: set FFMPEG_PATH or install ffmpeg',
      }),
    );
  });
});
