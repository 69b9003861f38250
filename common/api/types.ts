/**
 * The names both sides give the answers' shapes, each derived from its schema in
 * common/schemas/, never written out: a changed schema changes them, and the server's
 * services and the web's screens follow. Import them as types; the schemas stay out of the
 * web's bundle.
 */
import type * as z from 'zod/mini';
import type {
  accountStatement, adminAnalyticsResponse, adminBusiness, adminStatsResponse, businessCreditAccount, businessProfile, businessSettings,
  businessStatsResponse, customerCreditAccount, customerQr, meResponse, otpSendResponse, otpVerifyResponse, qrCodeView,
  paymentReport, paymentReportSummary, qrValidation, refundResult, reminderDraft, repaymentClaim, reminderSchedule, smsReminder, accountSmsReminders, reminderBatchPreview, reminderBatch, reminderLinkTarget, smsUsage, reversalResult, sessionResponse, toCollect, transactionPage, transactionView, userView,
} from '../schemas/responses';

export type { BusinessStatus, PaymentReportReason, PaymentReportStatus, RepaymentClaimStatus } from '../schemas/statuses';
export type { LedgerEntryType } from '../schemas/ledger';
export type { SmsReminderKind, SmsStatus } from '../schemas/reminders';

export type UserView = z.output<typeof userView>;
/**
 * Who a session speaks for: an account's role, or 'counter', the narrow session a shop's
 * counter device holds in counter mode (docs/security.md, "Counter mode").
 */
export type SessionRole = UserView['role'];
/** An account's role. */
export type Role = Exclude<SessionRole, 'counter'>;

/** The business profile a merchant sees of itself. */
export type BusinessProfile = z.output<typeof businessProfile>;
export type MeResponse = z.output<typeof meResponse>;
export type SessionResponse = z.output<typeof sessionResponse>;
export type OtpSendResponse = z.output<typeof otpSendResponse>;
export type OtpVerifyResponse = z.output<typeof otpVerifyResponse>;

/** A business as the admin sees it. */
export type AdminBusiness = z.output<typeof adminBusiness>;
export type AdminStats = z.output<typeof adminStatsResponse>['stats'];
/** The admin's Analytics tab for the last `days` India days, today included. */
export type AdminAnalytics = z.output<typeof adminAnalyticsResponse>['analytics'];
/** One India day of the platform's payments. */
export type AnalyticsDay = AdminAnalytics['daily'][number];

/** A credit account as its customer sees it; amounts are 2-decimal rupee strings. */
export type CustomerCreditAccount = z.output<typeof customerCreditAccount>;
/** A credit account as its business sees it. */
export type BusinessCreditAccount = z.output<typeof businessCreditAccount>;
export type BusinessStats = z.output<typeof businessStatsResponse>['stats'];

export type CustomerQr = z.output<typeof customerQr>;
/** A merchant's payment QR code. */
export type QrCodeView = z.output<typeof qrCodeView>;
/** What the customer sees before authorising a payment. */
export type QrValidation = z.output<typeof qrValidation>;

/** A ledger row as both histories show it. */
export type TransactionView = z.output<typeof transactionView>;
export type TransactionPage = z.output<typeof transactionPage>;

export type BusinessSettings = z.output<typeof businessSettings>;
export type ToCollect = z.output<typeof toCollect>;
export type ToCollectAccount = ToCollect['accounts'][number];
export type ReminderDraft = z.output<typeof reminderDraft>;
export type ReminderSchedule = z.output<typeof reminderSchedule>;
export type SmsReminder = z.output<typeof smsReminder>;
export type AccountSmsReminders = z.output<typeof accountSmsReminders>;
export type ReminderBatchPreview = z.output<typeof reminderBatchPreview>;
export type ReminderBatch = z.output<typeof reminderBatch>;
export type ReminderLinkTarget = z.output<typeof reminderLinkTarget>;
export type SmsUsage = z.output<typeof smsUsage>;
export type RepaymentClaim = z.output<typeof repaymentClaim>;
/** A customer's report on a payment, as the merchant's list shows it. */
export type PaymentReport = z.output<typeof paymentReport>;
/** A payment's report, as its row in either history shows it. */
export type PaymentReportSummary = z.output<typeof paymentReportSummary>;
export type RefundResult = z.output<typeof refundResult>;
export type ReversalResult = z.output<typeof reversalResult>;

/** A credit account's statement for a range, the same for its customer and its merchant. */
export type AccountStatement = z.output<typeof accountStatement>['statement'];
