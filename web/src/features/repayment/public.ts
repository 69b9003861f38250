/**
 * What other features may use of paying back (docs/product.md#upi-repayment-claims): the
 * account screen's dues panel and claims.
 */
export { ClaimsList } from './components/claims-list';
export { DuesPanel } from './components/dues-panel';
