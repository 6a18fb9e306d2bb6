/** Saving files from the page: a Blob URL behind an <a download> (exports, Save scenario). */

/**
 * Downloads `data` as `name`; the URL is revoked once the download has started. The link lives for
 * a moment inside `parent` (e.g. a menu), so its click is not a click outside that menu.
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
