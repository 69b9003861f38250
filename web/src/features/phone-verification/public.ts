/**
 * The phone-and-code steps registration and PIN reset share
 * (docs/product.md#sign-in-and-registration, #pins): what other features may use;
 * everything else in the folder is its own.
 */
export { PhoneVerificationSteps } from './components/phone-verification-steps';
export { WizardHeader } from './components/wizard-header';
export { usePhoneVerification } from './use-phone-verification';
