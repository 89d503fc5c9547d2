import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mismatchReason, sniff } from '../src/storage/content-type.js';
import { ftyp, wav } from './support/media-samples.js';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#c03' } })
    .toFormat(format)
    .toBuffer();

describe('content sniffing by magic bytes', () => {
  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ] as const)('recognises a real %s image', async (format, mimetype, extension) => {
    const bytes = await image(format);
    expect(sniff(bytes, 'image')).toEqual({ mimetype, extension });
    expect(sniff(bytes, 'audio')).toBeUndefined();
  });

  it.each([
    [
      'an ID3-tagged mp3',
      Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
      'audio/mpeg',
      'mp3',
    ],
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz frame header.
    ['a bare mp3 frame', Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]), 'audio/mpeg', 'mp3'],
    ['a wav', wav(), 'audio/wav', 'wav'],
    ['an ogg', Buffer.from('OggS\u0000\u0002\u0000\u0000', 'latin1'), 'audio/ogg', 'ogg'],
    ['a flac', Buffer.from('fLaC\u0000\u0000\u0000\u0022', 'latin1'), 'audio/flac', 'flac'],
    ['an m4a', ftyp('M4A '), 'audio/mp4', 'm4a'],
    ['an mp4 container (AAC audio)', ftyp('isom'), 'audio/mp4', 'm4a'],
  ])('recognises %s as audio', (_name, bytes, mimetype, extension) => {
    expect(sniff(bytes, 'audio')).toEqual({ mimetype, extension });
    expect(sniff(bytes, 'image')).toBeUndefined();
  });

  it('tells videos apart: mp4, QuickTime and WebM; an m4a is not a video', () => {
    expect(sniff(ftyp('isom'), 'video')).toEqual({ mimetype: 'video/mp4', extension: 'mp4' });
    expect(sniff(ftyp('qt  '), 'video')).toEqual({ mimetype: 'video/quicktime', extension: 'mov' });
    expect(sniff(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video')).toEqual({
      mimetype: 'video/webm',
      extension: 'webm',
    });
    expect(sniff(ftyp('M4A '), 'video')).toBeUndefined();
    expect(sniff(ftyp('qt  '), 'audio')).toBeUndefined();
  });

  it('does not take a JPEG, a WebP or text for audio', async () => {
    expect(sniff(await image('jpeg'), 'audio')).toBeUndefined();
    expect(sniff(await image('webp'), 'audio')).toBeUndefined();
    expect(sniff(Buffer.from('{"json": true}'), 'audio')).toBeUndefined();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image')).toBeUndefined();
  });

  it('explains a mismatch with what the bytes are', async () => {
    expect(mismatchReason(await image('png'), 'audio')).toBe(
      "The file's content is image/png; expected MP3, WAV, Ogg, FLAC or M4A",
    );
    expect(mismatchReason(wav(), 'image')).toBe(
      "The file's content is audio/wav; expected PNG, JPEG, WebP or GIF",
    );
    expect(mismatchReason(Buffer.from('hello'), 'image')).toBe(
      "The file's content is not a recognised format; expected PNG, JPEG, WebP or GIF",
    );
    expect(mismatchReason(Buffer.alloc(0), 'video')).toBe('The file is empty');
  });
});
