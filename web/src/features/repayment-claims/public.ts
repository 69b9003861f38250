/** What others may use of repayment claims: the merchant's card of claims to confirm or decline. */
export { RepaymentClaims } from './components/repayment-claims';
