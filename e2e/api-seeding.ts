/**
 * Shortcuts through the HTTP API, for the setup a journey is not about: accounts,
 * approvals, credit and payments made the way the web app makes them.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentReport, PaymentReportReason, QrCodeView, RefundResult, TransactionView } from '@common/api/types';
import type { RunningApp } from './app-server';
import type { BusinessDetails } from './pages';

/** An admin account made the way the CLI makes one (admins cannot register). */
export async function createAdmin(khata: RunningApp, email: string, pin: string): Promise<void> {
  await khata.services.auth.ensureAdmin(email, pin);
}

/** Sends and verifies a registration OTP with the development provider: the proof cookie's value. */
async function verifiedPhoneProof(khata: RunningApp, phoneNumber: string): Promise<string> {
  const sent = await khata.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
  const otp = (sent.json() as { developmentOtp?: string }).developmentOtp;
  if (sent.statusCode !== 200 || !otp) throw new Error(`sending the OTP failed: ${sent.statusCode} ${sent.body}`);
  const verified = await khata.app.inject({ method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, otp, purpose: 'registration' } });
  const proof = verified.cookies.find((cookie) => cookie.name === 'otp_proof')?.value;
  if (verified.statusCode !== 200 || !proof) throw new Error(`verifying the OTP failed: ${verified.statusCode} ${verified.body}`);
  return proof;
}

/**
 * A customer account made through the API, for journeys about something after sign-up.
 * Goes through the same OTP proof as the wizard.
 */
export async function createCustomer(
  khata: RunningApp, customer: { mobileNumber: string; fullName: string; pin: string },
): Promise<void> {
  const phoneNumber = `+91${customer.mobileNumber}`;
  const proof = await verifiedPhoneProof(khata, phoneNumber);
  const registered = await khata.app.inject({
    method: 'POST', url: '/api/auth/customer/register', cookies: { otp_proof: proof },
    payload: { phoneNumber, name: customer.fullName, pin: customer.pin },
  });
  if (registered.statusCode !== 201) throw new Error(`registering the customer failed: ${registered.statusCode} ${registered.body}`);
}
/**
 * Calls the API over real HTTP (so codes carry the app's own origin, as in a browser),
 * with a session token when given; fails naming the call unless the status is `expected`.
 */
export async function callApi<T = unknown>(
  khata: RunningApp, method: 'GET' | 'POST', path: string,
  { token, body, headers: extraHeaders = {}, expected = method === 'POST' ? [200, 201] : [200] }:
    { token?: string; body?: unknown; headers?: Record<string, string>; expected?: number[] } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${khata.baseUrl}${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through the API and returns the session token. */
export async function apiSignIn(
  khata: RunningApp, role: 'customer' | 'business' | 'admin', credentials: { phoneNumber?: string; email?: string; pin: string },
): Promise<string> {
  const { sessionToken } = await callApi<{ sessionToken: string }>(khata, 'POST', `/api/auth/${role}/login`, { body: credentials });
  return sessionToken;
}

/** A customer made through the API (createCustomer), signed in: its session token. */
export async function createCustomerSession(
  khata: RunningApp, customer: { mobileNumber: string; fullName: string; pin: string },
): Promise<string> {
  await createCustomer(khata, customer);
  return apiSignIn(khata, 'customer', { phoneNumber: `+91${customer.mobileNumber}`, pin: customer.pin });
}

/** What a customer's "My Code" shows: GET /api/customer/qr. */
export function customerPaymentCode(khata: RunningApp, customerToken: string) {
  return callApi<{ qrData: string; paymentHandle: string; name: string; phoneNumber: string }>(
    khata, 'GET', '/api/customer/qr', { token: customerToken },
  );
}

/** A business registered through the API with the development OTP, still pending. */
export async function createBusiness(khata: RunningApp, business: BusinessDetails): Promise<{ token: string; businessId: string }> {
  const phoneNumber = `+91${business.mobileNumber}`;
  const proof = await verifiedPhoneProof(khata, phoneNumber);
  const registered = await khata.app.inject({
    method: 'POST', url: '/api/auth/business/register', cookies: { otp_proof: proof },
    payload: {
      phoneNumber, name: business.contactName, businessName: business.businessName, businessType: business.businessType,
      email: business.email, address: business.address, pin: business.pin,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`registering the business failed: ${registered.statusCode} ${registered.body}`);
  const token = (registered.json() as { sessionToken: string }).sessionToken;
  const me = await callApi<{ business: { id: string } | null }>(khata, 'GET', '/api/auth/me', { token });
  if (!me.business) throw new Error('the new business account has no business profile');
  return { token, businessId: me.business.id };
}

const shortcutAdmin = { email: 'shortcut.admin@khata.test', pin: '7391' };

/** Approves (or rejects) a business as an admin would, through the API. */
export async function decideBusiness(
  khata: RunningApp, businessId: string, action: 'approve' | 'reject', reason?: string,
): Promise<void> {
  await createAdmin(khata, shortcutAdmin.email, shortcutAdmin.pin);
  const token = await apiSignIn(khata, 'admin', shortcutAdmin);
  await callApi(khata, 'POST', '/api/admin/businesses/approve', { token, body: { businessIds: [businessId], action, reason } });
}

/** A business registered and approved through the API: its session token and id. */
export async function createApprovedBusiness(khata: RunningApp, business: BusinessDetails): Promise<{ token: string; businessId: string }> {
  const created = await createBusiness(khata, business);
  await decideBusiness(khata, created.businessId, 'approve');
  return created;
}

/** The merchant gives a customer (by payment handle) a credit limit, through the API. */
export async function grantCredit(khata: RunningApp, businessToken: string, paymentHandle: string, creditLimit: string): Promise<void> {
  await callApi(khata, 'POST', '/api/business/create-credit-account', { token: businessToken, body: { paymentHandle, creditLimit } });
}


/** A merchant QR code generated through the API (dynamic when `amount` is given). */
export function generateQrCode(
  khata: RunningApp, businessToken: string, options: { amount?: string; description?: string; expirationMinutes?: number } = {},
): Promise<QrCodeView> {
  return callApi<QrCodeView>(khata, 'POST', '/api/qr/generate', { token: businessToken, body: options });
}

/** The merchant's QR codes, newest first: GET /api/qr/business. */
export async function businessQrCodes(khata: RunningApp, businessToken: string): Promise<QrCodeView[]> {
  return (await callApi<{ qrCodes: QrCodeView[] }>(khata, 'GET', '/api/qr/business', { token: businessToken })).qrCodes;
}

/** A customer pays a merchant code through the API (amount for static codes only): the payment's ledger row. */
export async function payByApi(
  khata: RunningApp, customerToken: string, payment: { qrData: string; pin: string; amount?: string },
): Promise<TransactionView> {
  const { transaction } = await callApi<{ transaction: TransactionView }>(khata, 'POST', '/api/payments/process', {
    token: customerToken, body: payment, headers: { 'idempotency-key': randomBytes(12).toString('hex') },
  });
  return transaction;
}

/** The merchant records a cash repayment on a credit account, through the API: its ledger row. */
export async function repayByApi(khata: RunningApp, businessToken: string, accountId: string, amount: string): Promise<TransactionView> {
  const { transaction } = await callApi<{ transaction: TransactionView }>(
    khata, 'POST', `/api/business/credit-accounts/${accountId}/repayment`, { token: businessToken, body: { amount } },
  );
  return transaction;
}

/** The merchant refunds (part of) a payment with their PIN, through the API (docs/product.md#refunds-and-reports). */
export function refundByApi(
  khata: RunningApp, businessToken: string, paymentId: string, refund: { amount: string; reason: string; pin: string; reportId?: string },
): Promise<RefundResult> {
  return callApi<RefundResult>(khata, 'POST', `/api/business/transactions/${paymentId}/refund`, {
    token: businessToken, body: refund, headers: { 'idempotency-key': randomBytes(12).toString('hex') },
  });
}

/** The customer reports a problem with a payment, through the API: the report. */
export async function reportByApi(
  khata: RunningApp, customerToken: string, paymentId: string, report: { reason: PaymentReportReason; note?: string; freeze?: boolean },
): Promise<PaymentReport> {
  return (await callApi<{ report: PaymentReport }>(
    khata, 'POST', `/api/transactions/${paymentId}/report`, { token: customerToken, body: report },
  )).report;
}


/** An admin sets a business's fee and/or maximum credit limit (rupees, as the admin form sends them). */
export async function setBusinessTerms(
  khata: RunningApp, businessId: string, terms: { transactionFeePercent?: string; maxCreditLimit?: string },
): Promise<void> {
  await createAdmin(khata, shortcutAdmin.email, shortcutAdmin.pin);
  const token = await apiSignIn(khata, 'admin', shortcutAdmin);
  await callApi(khata, 'POST', `/api/admin/businesses/${businessId}/terms`, { token, body: terms });
}

/** The language a signed-in user saves (docs/product.md#languages): it follows them to any phone, and reminders use it. */
export async function setLanguage(khata: RunningApp, token: string, language: 'en' | 'hi' | 'ta'): Promise<void> {
  await callApi(khata, 'POST', '/api/auth/language', { token, body: { language } });
}

/**
 * The merchant's credit period and UPI ID (docs/product.md#dues-and-reminders), through the API: the PIN is confirmed
 * on the session first, as the server asks for a change of them.
 */
export async function setBusinessSettings(
  khata: RunningApp, businessToken: string, settings: { creditPeriodDays: number; upiId: string | null }, pin: string,
): Promise<void> {
  await callApi(khata, 'POST', '/api/auth/confirm-pin', { token: businessToken, body: { pin } });
  await callApi(khata, 'POST', '/api/business/settings', { token: businessToken, body: settings });
}
