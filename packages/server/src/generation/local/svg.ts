/** Coordinates with two decimals: stable text, so the same input gives the same SVG and the same pixels. */
export function num(value: number, decimals = 2): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function svgDocument(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

export function dataUri(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
