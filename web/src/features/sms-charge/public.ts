/**
 * What others may use of charges by SMS code: the dialog on a customer's account, and the
 * code step a sign-up at the counter shares with it.
 */
export { LazySmsChargeDialog } from './components/lazy-sms-charge-dialog';
export { CodeStep } from './components/code-step';
export { isSpentCode, isUsedCode } from './code-form';
