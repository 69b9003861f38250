/**
 * The customer app's chunk. The login screen starts loading it when a sign-in is
 * submitted, so it downloads while the server checks the PIN instead of after.
 */
export const loadCustomerApp = () => import('./customer-app');
