/**
 * What the customer login needs once it is submitted, loaded when the form is first
 * touched (customer-login-form.tsx): zod, the schema and the route-typed API calls
 * (lib/api-request.ts) stay out of the first download of /cust.
 */
import { request } from '@/lib/api-request';
import { toPhoneNumber } from '@/lib/format';
import type { ToastMessage } from '@/lib/toast-store';
import { customerLoginIssues, loginFailedDefaults } from './messages';
import { customerLoginSchema, type CustomerLoginValues } from './schemas';

/** Signs in with checked values: the new session, or the server's refusal. */
export const signIn = (values: CustomerLoginValues) =>
  request('POST /api/auth/customer/login', { body: { phoneNumber: toPhoneNumber(values.phone), pin: values.pin } });

/** The text of 'Login Failed' when the server sent no message of its own. */
export const loginFailedDefault = () => loginFailedDefaults().customer;

/**
 * The parsed values, or the field to focus (the first wrong one, as a form library does)
 * and the toast of the first issue in the catalogue's order, the order docs/product.md#validation checks in.
 */
export function checkCustomerLogin(
  values: CustomerLoginValues,
): { values: CustomerLoginValues } | { field: keyof CustomerLoginValues; toast: ToastMessage | null } {
  const result = customerLoginSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const keys = new Set(result.error.issues.map((issue) => issue.message));
  const issues = customerLoginIssues();
  const first = (Object.keys(issues) as (keyof typeof issues)[]).find((key) => keys.has(key));
  return {
    field: result.error.issues[0]!.path[0] as keyof CustomerLoginValues,
    toast: first ? issues[first] : null,
  };
}
