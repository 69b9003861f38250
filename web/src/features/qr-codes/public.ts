/** What other features may use of qr-codes beyond its api/: everything else in the folder is its own. */
export { QrImage } from './components/qr-image';
