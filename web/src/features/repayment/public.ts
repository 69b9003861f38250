/** What other features may use of paying back (issue 16): the account screen's dues panel and claims. */
export { ClaimsList } from './components/claims-list';
export { DuesPanel } from './components/dues-panel';
