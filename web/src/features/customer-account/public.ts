/** What other features may use of the customer's account screen: its address. */
export { accountPath } from './account-path';
