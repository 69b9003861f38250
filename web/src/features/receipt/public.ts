/** What other features may use of the receipt: the sheet, loaded on first use. */
export { LazyReceiptSheet, loadReceiptSheet } from './components/lazy-receipt-sheet';
