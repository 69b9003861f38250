/** What other features may use of payment-alerts: everything else in the folder is its own. */
export { PaymentAlertSettings } from './components/payment-alert-settings';
export { SoundUnlockBar } from './components/sound-unlock-bar';
export { useClaimAlerts, usePaymentAlerts } from './use-payment-alerts';
