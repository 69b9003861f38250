/** What other features may use of registration: everything else in the folder is its own. */
export { OtpStep } from './components/otp-step';
export { PhoneStep } from './components/phone-step';
export { WizardHeader } from './components/wizard-header';
export { usePhoneVerification } from './use-phone-verification';
