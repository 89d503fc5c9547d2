import sharp from 'sharp';

/** A plain PNG of one colour, the still a test uploads into a project. */
export function plainPng(width = 64, height = 36, background = '#335577'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Uploads `png` to a project through `POST /api/files/upload-image` on the server at `base`, as the
 * holder of `token`: the status and the parsed answer (`{ key }` on success, an error body otherwise).
 */
export async function uploadPng(
  base: string,
  token: string,
  projectId: string,
  png: Buffer,
): Promise<{ status: number; body: { key: string } & Record<string, unknown> }> {
  const form = new FormData();
  form.set('projectId', projectId);
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'frame.png');
  const response = await fetch(new URL('/api/files/upload-image', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { key: string } & Record<string, unknown>,
  };
}
