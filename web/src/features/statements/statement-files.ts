/**
 * Getting a statement out of the app (docs/product.md#statements): a CSV saved as a download or handed to
 * the share sheet, and the print view that the browser saves as PDF.
 */
import { statementFileStem, type StatementFileFacts } from '@common/statement-file-name';

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

/**
 * Prints the page (the statement's print view) under the statement's file name: Chromium and
 * Safari offer the document's title as the PDF's name, so each customer's PDF is named for
 * the shop and the customer as the CSV is. The title comes back once the print dialog closes.
 */
export function printStatement(facts: StatementFileFacts): void {
  const title = document.title;
  document.title = statementFileStem(facts);
  window.addEventListener('afterprint', () => { document.title = title; }, { once: true });
  window.print();
}
