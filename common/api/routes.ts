/**
 * Every route of the API, once: its method and path as the server registers it, the
 * schemas of what a caller sends and of every answer it gives (contract.ts). The server
 * declares its routes from this table (server/route.ts) and a test holds the two to the
 * same list; the web types its calls from it. The OpenAPI document is generated from the
 * same declarations. Listed in the order the server registers them.
 */
import * as z from 'zod/mini';
import { analyticsQuery, businessTermsBody, decideBusinessesBody } from '../schemas/admin';
import { changeLimitBody, createCreditAccountBody } from '../schemas/credit';
import {
  businessSettingsBody, claimsQuery, confirmClaimBody, declineClaimBody, dueDateBody, reminderBody, repaymentClaimBody,
} from '../schemas/dues';
import {
  businessRegisterBody, changePinBody, confirmPinBody, customerLoginBody, customerRegisterBody, emailLoginBody, languageBody,
  otpSendBody, otpVerifyBody, resetPinBody, unlockBody,
} from '../schemas/identity';
import { businessListQuery, idParams } from '../schemas/params';
import { generateQrBody, historyQuery, processPaymentBody, qrListQuery, repaymentBody, validateQrBody } from '../schemas/payments';
import {
  accountStatement, accountStatementCsv, adminAnalyticsResponse, adminStatsResponse, apiError, businessCreditAccounts, businessPage,
  businessSettings, businessStatsResponse, changedCreditAccount, confirmedClaim, createdCreditAccount, customerCreditAccounts, customerQr,
  decideResponse, healthLive, healthReady, healthUnavailable, languageResponse, ledgerEventStream, meResponse, otpSendResponse,
  otpVerifyResponse, paymentReportList, accountSmsReminders, reminderBatch, reminderBatchPreview, reminderExclusion, reminderLinkTarget,
  reminderOptOut, reminderSchedule, smsUsage, paymentResult, qrCodeList, qrCodeView, qrValidation, reminderDraft, reminderSent, repaymentClaimList,
  refundResult, repaymentClaimResult, invitationResult, invitationList, customerInvitationList, acceptedInvitation, invitationLink,
  auditCsv, auditPage, staffInvitationResult, staffInvitationsForPhone, staffList, staffMemberResult, staffShops,
  chargeStarted, chargePaid, enrolmentStarted, smsApproval, repaymentResult, reportResult, reversalResult, sessionResponse, success, termsResponse, toCollect, transactionPage, unlockResponse,
} from '../schemas/responses';
import { declineReportBody, refundBody, reportBody, reportsQuery, reversalBody } from '../schemas/refunds';
import {
  msg91StatusBody, msg91StatusParams, reminderExclusionBody, reminderLinkParams, reminderOptOutBody, reminderScheduleBody, smsUsageQuery,
  twilioStatusBody,
} from '../schemas/reminders';
import { statementQuery } from '../schemas/statements';
import { chargeBody, invitationLinkParams, newCustomerBody, smsApprovalBody, smsCodeBody } from '../schemas/invitations';
import {
  acceptStaffInvitationBody, auditQuery, pickShopBody, staffChangeBody, staffInvitationBody, staffLoginBody,
} from '../schemas/staff';
import type { RouteTable } from './contract';

// Answers several routes give alike, each with the refusals a person meets there.
/** Registration: a missing or wrong OTP proof (400), a phone or e-mail in use (409). */
const registered = { 201: sessionResponse, 400: apiError, 409: apiError } as const;
/** Sign-in: wrong credentials, the same for an unknown account (401); locked (429). */
const signedIn = { 200: sessionResponse, 401: apiError, 429: apiError } as const;
/** A PIN asked again: mismatched, weak or unchanged (400), wrong (403), locked (429). */
const pinChecked = { 200: success, 400: apiError, 403: apiError, 429: apiError } as const;
/** Counter mode's way in and out: a wrong PIN (403), locked (429). */
const counterExchanged = { 200: sessionResponse, 400: apiError, 403: apiError, 429: apiError } as const;
/** A payment code that is not one (400), unknown (404), used (409), expired or not payable here (422). */
const codeRefusals = { 400: apiError, 404: apiError, 409: apiError, 422: apiError } as const;

export const routes = {
  // Health, for load balancers and orchestrators: live means the process answers; ready
  // (also bare /api/health) means it can serve, 503 while it cannot.
  'GET /api/health/live': { answers: { 200: healthLive } },
  'GET /api/health': { answers: { 200: healthReady, 503: healthUnavailable } },
  'GET /api/health/ready': { answers: { 200: healthReady, 503: healthUnavailable } },

  // One-time codes: 429 for a resend too soon or too many in an hour, 503 when no SMS vendor took it; 400 for a wrong or
  // expired code, 429 once its attempts are spent.
  'POST /api/otp/send': { body: otpSendBody, answers: { 200: otpSendResponse, 429: apiError, 503: apiError } },
  'POST /api/otp/verify': { body: otpVerifyBody, answers: { 200: otpVerifyResponse, 400: apiError, 429: apiError } },

  // Accounts and sessions.
  'POST /api/auth/customer/register': { body: customerRegisterBody, answers: registered },
  'POST /api/auth/business/register': { body: businessRegisterBody, answers: registered },
  'POST /api/auth/customer/login': { body: customerLoginBody, answers: signedIn },
  'POST /api/auth/business/login': { body: emailLoginBody, answers: signedIn },
  'POST /api/auth/staff/login': { body: staffLoginBody, answers: signedIn },
  'POST /api/auth/admin/login': { body: emailLoginBody, answers: signedIn },
  'GET /api/auth/me': { answers: { 200: meResponse } },
  'POST /api/auth/language': { body: languageBody, answers: { 200: languageResponse, 400: apiError } },
  'POST /api/auth/logout': { answers: { 200: success } },
  'POST /api/customer/change-pin': { body: changePinBody, answers: pinChecked },
  'POST /api/auth/change-pin': { body: changePinBody, answers: pinChecked },
  'POST /api/auth/confirm-pin': { body: confirmPinBody, answers: pinChecked },
  'POST /api/auth/counter/enter': { body: confirmPinBody, answers: counterExchanged },
  'POST /api/auth/counter/exit': { body: confirmPinBody, answers: counterExchanged },
  'POST /api/auth/reset-pin': { body: resetPinBody, answers: { 200: success, 400: apiError, 404: apiError } },
  'POST /api/admin/unlock': { body: unlockBody, answers: { 200: unlockResponse } },

  // The admin's side: 404 for an unknown business, 409 for one already decided, 422 for
  // terms above the maximum.
  'GET /api/admin/businesses/pending': { query: businessListQuery, answers: { 200: businessPage } },
  'GET /api/admin/businesses': { query: businessListQuery, answers: { 200: businessPage } },
  'POST /api/admin/businesses/approve': {
    body: decideBusinessesBody, answers: { 200: decideResponse, 404: apiError, 409: apiError, 422: apiError },
  },
  'POST /api/admin/businesses/:id/terms': {
    params: idParams, body: businessTermsBody, answers: { 200: termsResponse, 404: apiError, 422: apiError },
  },
  'GET /api/admin/stats': { answers: { 200: adminStatsResponse } },
  'GET /api/admin/analytics': { query: analyticsQuery, answers: { 200: adminAnalyticsResponse, 400: apiError } },
  'GET /api/admin/sms-usage': { query: smsUsageQuery, answers: { 200: smsUsage } },

  // A merchant's business: its stat cards, its credit period and UPI ID (403 without the
  // PIN confirmed on this session lately).
  'GET /api/business/stats': { answers: { 200: businessStatsResponse, 404: apiError } },
  'GET /api/business/settings': { answers: { 200: businessSettings, 404: apiError } },
  'POST /api/business/settings': { body: businessSettingsBody, answers: { 200: businessSettings, 403: apiError } },

  // Credit accounts: 404 for an unknown payment handle or account, 409 for a customer who
  // already has one, 422 above the maximum or for a repayment above what is owed.
  'GET /api/credit-accounts/customer': { answers: { 200: customerCreditAccounts } },
  'GET /api/credit-accounts/business': { answers: { 200: businessCreditAccounts } },
  'POST /api/business/create-credit-account': {
    body: createCreditAccountBody, answers: { 201: createdCreditAccount, 404: apiError, 409: apiError, 422: apiError },
  },
  'POST /api/business/credit-accounts/:id/limit': {
    params: idParams, body: changeLimitBody, answers: { 200: changedCreditAccount, 404: apiError, 422: apiError },
  },
  'POST /api/business/credit-accounts/:id/repayment': {
    params: idParams, body: repaymentBody, answers: { 201: repaymentResult, 404: apiError, 422: apiError },
  },

  // Customers without the app (docs/product.md#invitations): the merchant invites a name and a
  // number (409 one already invited or with an account here, 422 above the maximum, 429 past the
  // shop's daily invitations; the SMS is queued, so never a 503) and lists or cancels the open
  // ones; the customer sees the offers for their number and accepts or declines; the short
  // link's page needs no session, and its "I don't want this" blocks the shop for the number.
  'POST /api/business/invitations': {
    body: newCustomerBody, answers: { 201: invitationResult, 403: apiError, 409: apiError, 422: apiError, 429: apiError },
  },
  'GET /api/business/invitations': { answers: { 200: invitationList } },
  'POST /api/business/invitations/:id/cancel': { params: idParams, answers: { 200: invitationResult, 404: apiError, 409: apiError } },
  'GET /api/customer/invitations': { answers: { 200: customerInvitationList } },
  'POST /api/customer/invitations/:id/accept': { params: idParams, answers: { 201: acceptedInvitation, 404: apiError, 409: apiError } },
  'POST /api/customer/invitations/:id/decline': { params: idParams, answers: { 200: success, 404: apiError, 409: apiError } },
  'GET /api/invitations/:code': { params: invitationLinkParams, answers: { 200: invitationLink, 404: apiError } },
  'POST /api/invitations/:code/refuse': { params: invitationLinkParams, answers: { 200: success, 404: apiError, 409: apiError } },

  // Consent by SMS code (docs/product.md#sms-approval). A charge: 409 when the customer has not
  // turned SMS approval on, 422 above what they can spend, 429 past the number's codes an hour,
  // 503 when no SMS vendor took it; its confirmation (with an Idempotency-Key) 400 a wrong code,
  // 409 a code used, 422 expired or void. A sign-up at the counter, the same way.
  'POST /api/business/credit-accounts/:id/charges': {
    params: idParams, body: chargeBody,
    answers: { 201: chargeStarted, 403: apiError, 404: apiError, 409: apiError, 422: apiError, 429: apiError, 503: apiError },
  },
  'POST /api/business/charges/:id/confirm': {
    params: idParams, body: smsCodeBody,
    answers: { 201: chargePaid, 400: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError },
  },
  'POST /api/business/counter-customers': {
    body: newCustomerBody, answers: { 201: enrolmentStarted, 403: apiError, 409: apiError, 422: apiError, 429: apiError, 503: apiError },
  },
  'POST /api/business/counter-customers/:id/confirm': {
    params: idParams, body: smsCodeBody, answers: { 201: createdCreditAccount, 400: apiError, 404: apiError, 409: apiError, 422: apiError },
  },
  'GET /api/customer/sms-approval': { answers: { 200: smsApproval } },
  'POST /api/customer/sms-approval': { body: smsApprovalBody, answers: { 200: smsApproval } },

  // A credit account's statement, as JSON and as a file: 422 for a range with too many rows.
  'GET /api/credit-accounts/:id/statement': {
    params: idParams, query: statementQuery, answers: { 200: accountStatement, 404: apiError, 422: apiError },
  },
  'GET /api/credit-accounts/:id/statement.csv': {
    params: idParams, query: statementQuery, answers: { 200: accountStatementCsv, 404: apiError, 422: apiError },
  },

  // Dues and reminders: 429 reminder_limit once the day's reminders are used up.
  'POST /api/business/credit-accounts/:id/due-date': {
    params: idParams, body: dueDateBody, answers: { 200: changedCreditAccount, 404: apiError, 409: apiError, 422: apiError },
  },
  'GET /api/business/to-collect': { answers: { 200: toCollect } },
  'GET /api/business/credit-accounts/:id/reminder': {
    params: idParams, answers: { 200: reminderDraft, 404: apiError, 409: apiError },
  },
  'POST /api/business/credit-accounts/:id/reminders': {
    params: idParams, body: reminderBody, answers: { 201: reminderSent, 404: apiError, 429: apiError },
  },

  // Automatic and bulk reminder SMS (docs/product.md#automatic-reminders): the shop's schedule,
  // "Send to all overdue" (409 when no one can be sent one, 429 past the shop's daily SMS
  // limit), each account's SMS with their delivery status, the merchant's exclusion and the
  // customer's opt-out, and where a reminder's short link leads (404 unless it is a live link
  // of the signed-in customer).
  'GET /api/business/reminder-settings': { answers: { 200: reminderSchedule } },
  'POST /api/business/reminder-settings': { body: reminderScheduleBody, answers: { 200: reminderSchedule } },
  'GET /api/business/reminder-batches/preview': { answers: { 200: reminderBatchPreview } },
  'POST /api/business/reminder-batches': { answers: { 202: reminderBatch, 409: apiError, 429: apiError } },
  'GET /api/business/reminder-batches/:id': { params: idParams, answers: { 200: reminderBatch, 404: apiError } },
  'GET /api/business/credit-accounts/:id/sms-reminders': { params: idParams, answers: { 200: accountSmsReminders, 404: apiError } },
  'POST /api/business/credit-accounts/:id/reminder-exclusion': {
    params: idParams, body: reminderExclusionBody, answers: { 200: reminderExclusion, 404: apiError },
  },
  'POST /api/credit-accounts/:id/reminder-opt-out': {
    params: idParams, body: reminderOptOutBody, answers: { 200: reminderOptOut, 404: apiError },
  },
  'GET /api/reminder-links/:code': { params: reminderLinkParams, answers: { 200: reminderLinkTarget, 404: apiError } },

  // The SMS vendors' delivery reports, without a session: Twilio's is signed
  // (X-Twilio-Signature, 403 when it does not match), MSG91's URL carries a secret (404 otherwise).
  'POST /api/sms/twilio/status': { body: twilioStatusBody, answers: { 200: success, 403: apiError } },
  'POST /api/sms/msg91/status/:token': { params: msg91StatusParams, body: msg91StatusBody, answers: { 200: success, 404: apiError } },

  // Repayment claims: 409 without a UPI ID at the shop, for a reference already claimed or
  // a claim already decided; 422 above what is owed; 429 with too many claims pending.
  'POST /api/credit-accounts/:id/repayment-claims': {
    params: idParams, body: repaymentClaimBody,
    answers: { 201: repaymentClaimResult, 404: apiError, 409: apiError, 422: apiError, 429: apiError },
  },
  'GET /api/credit-accounts/:id/repayment-claims': { params: idParams, answers: { 200: repaymentClaimList, 404: apiError } },
  'GET /api/business/repayment-claims': { query: claimsQuery, answers: { 200: repaymentClaimList } },
  'POST /api/business/repayment-claims/:id/confirm': {
    params: idParams, body: confirmClaimBody, answers: { 201: confirmedClaim, 404: apiError, 409: apiError, 422: apiError },
  },
  'POST /api/business/repayment-claims/:id/decline': {
    params: idParams, body: declineClaimBody, answers: { 200: repaymentClaimResult, 404: apiError, 409: apiError },
  },

  'GET /api/customer/qr': { answers: { 200: customerQr, 404: apiError } },

  // A merchant's payment codes. Every field of a new code has a default, so a request with
  // no body (or a JSON null) asks for a static code; 422 above the business's maximum.
  'POST /api/qr/generate': { body: z.nullish(generateQrBody), answers: { 201: qrCodeView, 403: apiError, 422: apiError } },
  'GET /api/qr/business': { query: qrListQuery, answers: { 200: qrCodeList, 403: apiError } },

  // Paying, and the histories. Beyond the code's refusals a payment meets a wrong PIN
  // (403), a reused Idempotency-Key (409) and a lock (429).
  'POST /api/qr/validate': { body: validateQrBody, answers: { 200: qrValidation, ...codeRefusals } },
  'POST /api/payments/process': {
    body: processPaymentBody, answers: { 201: paymentResult, ...codeRefusals, 401: apiError, 403: apiError, 429: apiError },
  },
  'GET /api/transactions/customer': { query: historyQuery, answers: { 200: transactionPage } },
  'GET /api/transactions/:id': { params: idParams, answers: { 200: paymentResult, 404: apiError } },
  'GET /api/transactions/business': { query: historyQuery, answers: { 200: transactionPage } },

  // Refunds and reversals by the merchant, with their PIN: 403 a wrong PIN, 404 not their
  // row, 409 a reused Idempotency-Key or a repayment already reversed, 422 the rules (more
  // than refundable or owed, too old, the wrong kind of row), 429 locked.
  'POST /api/business/transactions/:id/refund': {
    params: idParams, body: refundBody,
    answers: { 201: refundResult, 400: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError, 429: apiError },
  },
  'POST /api/business/transactions/:id/reversal': {
    params: idParams, body: reversalBody,
    answers: { 201: reversalResult, 400: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError, 429: apiError },
  },

  // A customer reports a problem with a payment; the merchant reads and answers the reports
  // (a refund answers one through the refund route's reportId). 409 a second report or answer.
  'POST /api/transactions/:id/report': {
    params: idParams, body: reportBody, answers: { 201: reportResult, 400: apiError, 404: apiError, 409: apiError, 422: apiError },
  },
  'GET /api/business/payment-reports': { query: reportsQuery, answers: { 200: paymentReportList } },
  'POST /api/business/payment-reports/:id/decline': {
    params: idParams, body: declineReportBody, answers: { 200: reportResult, 404: apiError, 409: apiError },
  },

  // The shop's people (docs/product.md#staff). A staff session picks its shop first.
  'GET /api/staff/shops': { answers: { 200: staffShops } },
  'POST /api/staff/shop': { body: pickShopBody, answers: { 200: meResponse, 404: apiError } },
  // Accepting an invitation, with the OTP proof (purpose staff_invitation) of the invited phone:
  // 400 without a valid proof or a PIN a new account needs, 410 expired, 409 no longer open.
  'GET /api/staff/invitations': { answers: { 200: staffInvitationsForPhone, 400: apiError } },
  'POST /api/staff/invitations/:id/accept': {
    params: idParams, body: acceptStaffInvitationBody, answers: { 201: sessionResponse, 400: apiError, 404: apiError, 409: apiError, 410: apiError },
  },
  'POST /api/staff/invitations/:id/decline': {
    params: idParams, answers: { 200: success, 400: apiError, 404: apiError, 409: apiError, 410: apiError },
  },
  // An owner's: people, their roles and limits, and the audit log.
  'GET /api/business/staff': { answers: { 200: staffList } },
  'POST /api/business/staff/invitations': {
    body: staffInvitationBody, answers: { 201: staffInvitationResult, 409: apiError, 429: apiError },
  },
  'POST /api/business/staff/invitations/:id/cancel': {
    params: idParams, answers: { 200: staffInvitationResult, 404: apiError, 409: apiError },
  },
  'POST /api/business/staff/:id': { params: idParams, body: staffChangeBody, answers: { 200: staffMemberResult, 404: apiError, 409: apiError } },
  'POST /api/business/staff/:id/revoke': { params: idParams, answers: { 200: staffMemberResult, 404: apiError, 409: apiError } },
  'GET /api/business/audit': { query: auditQuery, answers: { 200: auditPage } },
  'GET /api/business/audit.csv': { query: auditQuery, answers: { 200: auditCsv } },

  // Live updates: a server-sent event stream, not JSON; its events are described in
  // docs/api.md ("Live updates"). 429 with too many streams open.
  'GET /api/events': { answers: { 200: ledgerEventStream, 404: apiError, 429: apiError } },
} as const satisfies RouteTable;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
