/**
 * The phone-and-code steps registration and PIN reset share (spec §2): what other
 * features may use; everything else in the folder is its own.
 */
export { OtpStep } from './components/otp-step';
export { PhoneStep } from './components/phone-step';
export { WizardHeader } from './components/wizard-header';
export { usePhoneVerification } from './use-phone-verification';
