/** SVG rendered to PNG, for the PNG exports. */

/**
 * Draws an SVG file onto a canvas at `scale`× its size and encodes it as PNG. The SVG goes in as a
 * data: URL (the page's Content-Security-Policy allows data: images, not blob: ones).
 */
export async function svgToPng(doc: Document, svg: string, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? img.naturalWidth);
  const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? img.naturalHeight);
  const canvas = doc.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}
