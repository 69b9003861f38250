/**
 * The UPI payment intent (NPCI's `upi://pay` deep link) that pays a merchant back
 * (docs/product.md#upi-repayment-claims).
 * The button, the QR code and any test read the same text from here, so they cannot differ.
 */
import { toWireAmount, type Paise } from '@common/money';

/** The transaction note the UPI app shows and the merchant's bank statement carries. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- sent to the bank, the same in every language
export const upiRepaymentNote = 'Khata repayment';

export interface UpiPayment {
  /** The merchant's UPI ID (VPA), e.g. "ravi@okaxis". */
  vpa: string;
  /** The payee name the UPI app shows: the shop's name. */
  payeeName: string;
  amountPaise: Paise;
  note?: string;
}

/**
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`. Each value goes through encodeURIComponent, so a
 * space is %20: URLSearchParams would write '+', which some UPI apps keep as a plus sign.
 * The `@` of a UPI ID stays as it is (RFC 3986 allows it in a query): the UPI QR codes
 * shops print read `pa=name@bank`, and an app that does not decode `pa` would see `%40`.
 */
export function upiPayUrl({ vpa, payeeName, amountPaise, note = upiRepaymentNote }: UpiPayment): string {
  const parameters: [string, string][] = [
    ['pa', vpa],
    ['pn', payeeName],
    ['am', toWireAmount(amountPaise)],
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the currency code, not text
    ['cu', 'INR'],
    ['tn', note],
  ];
  return `upi://pay?${parameters.map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%40', '@')}`).join('&')}`;
}
