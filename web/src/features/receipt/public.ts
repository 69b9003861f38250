/** What other features may use of the receipt: the sheet, loaded on first use, and sharing one. */
export { LazyReceiptSheet, loadReceiptSheet } from './components/lazy-receipt-sheet';
export { ShareReceipt } from './components/share-receipt';
export { referenceLabel } from './receipt-figures';
