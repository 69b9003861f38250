/**
 * Getting a statement out of the app (docs/product.md#statements): a CSV saved as a download or handed to
 * the share sheet, and the print view that the browser saves as PDF.
 */

/** Saves `file` through the browser's download, as a link with `download` would. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Whether the browser's share sheet takes a CSV file. Desktop Chromium on Linux has no
 * share sheet, Safari and Android Chrome do; where it does not, Share is not offered.
 */
export function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([''], 'statement.csv', { type: 'text/csv' })] });
  } catch {
    return false;
  }
}

/** Opens the share sheet with `file`; false when the person closed it without sharing. */
export async function shareFile(file: File, title: string): Promise<boolean> {
  try {
    await navigator.share({ files: [file], title });
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false;
    throw error;
  }
}
