/** What other features may use of profile: everything else in the folder is its own. */
export { ChangePinSheet } from './components/change-pin-sheet';
export { PinField } from './components/pin-field';
export { PinMatchHint, PinRequirements, pinsMismatchShown } from './components/pin-hints';
