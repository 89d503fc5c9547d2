import { formatMessage } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { validation } from '../common/domain-error.js';
import { MAX_INPUT_PIXELS, pngHeaderSize } from './sharp-io.js';

/** The size an image's header declares, read without decoding its pixels; undefined when unreadable. */
async function declaredSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const png = pngHeaderSize(bytes, 'Image', Number.POSITIVE_INFINITY);
    if (png !== null) return png;
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    return metadata.width && metadata.height ? { width: metadata.width, height: metadata.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checked when an image arrives (upload, setImage, an inline data URL): one that declares more than
 * `maxPixels` is VALIDATION_ERROR "<what> is too large (over N pixels)" naming `field`, before it
 * is stored, so no later render meets it. Bytes whose header cannot be read are left to the
 * content checks (and answer 'is not a readable image' when a render decodes them).
 */
export async function assertImagePixels(
  bytes: Buffer,
  field: string,
  maxPixels = MAX_INPUT_PIXELS,
  what = 'Image',
): Promise<void> {
  const size = await declaredSize(bytes);
  if (size === undefined || size.width * size.height <= maxPixels) return;
  const message = formatMessage.imageTooLarge(what, maxPixels);
  throw validation(`${field}: ${message}`, [{ path: field, message }]);
}

/** An inline image (data:image/…;base64,…) checked like an upload; other URLs are left alone. */
export async function assertInlineImagePixels(
  value: string | null | undefined,
  field: string,
  maxPixels = MAX_INPUT_PIXELS,
): Promise<void> {
  if (typeof value !== 'string' || !value.startsWith('data:image/')) return;
  const comma = value.indexOf(',');
  if (comma < 0) return;
  await assertImagePixels(Buffer.from(value.slice(comma + 1), 'base64'), field, maxPixels);
}
