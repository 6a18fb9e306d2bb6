/** Saving files from the page: a Blob URL behind an <a download>, and SVG rendered to PNG. */

/**
 * Downloads `data` as `name`; the URL is revoked once the download has started. The link lives for
 * a moment inside `parent` (the menu), so its click is not a click outside the menu.
 */
export function download(parent: HTMLElement, name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = parent.ownerDocument.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  parent.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const textBlob = (text: string, type: string): Blob =>
  new Blob([text], { type: `${type};charset=utf-8` });

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
