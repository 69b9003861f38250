/**
 * What other features may use of registration: the wizard, which an invitation's link page
 * opens with the invited number filled in (docs/product.md#invitations).
 */
export { RegistrationWizard } from './components/registration-wizard';
