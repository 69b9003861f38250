import { formatRupees, parseRupees } from '@common/money';
import { countryCode, userIdDisplayChars } from '@common/limits';

/** "₹1,23,456.00" from a wire amount ("123456.00"); the text itself if it is not one. */
export function formatWireRupees(amount: string): string {
  const value = parseRupees(amount);
  return value === null ? amount : formatRupees(value);
}

/** The full phone number the server expects for 10 typed digits: "+919876543210". */
export const toPhoneNumber = (digits: string): string => `${countryCode}${digits}`;

/** The user ID as the profile shows it: its first 8 characters (docs/product.md#customer-app). */
export const shortUserId = (id: string): string => id.slice(0, userIdDisplayChars);

/** "Pending" from "pending". */
export const capitalise = (text: string): string =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
