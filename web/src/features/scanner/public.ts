/** What other features may use of scanner: everything else in the folder is its own. */
export { QrScanner } from './components/qr-scanner';
