/**
 * The answers of every route, as the routes declare them (server/features/*.routes.ts):
 * the serializer refuses an answer these do not describe, and the OpenAPI document is
 * generated from them. Success shapes are strict, so a field added to a service's answer
 * must be declared here before anyone can receive it. Both sides' types are derived from
 * these (common/api/types.ts), and the route table (common/api/routes.ts) names which
 * route answers which.
 */
import * as z from 'zod/mini';
import type { ErrorBody } from '../errors';
import { languages } from '../languages';
import { ledgerEntryType } from './ledger';
import { smsReminderKind, smsStatus } from './reminders';
import { shopRoles, permissions } from '../permissions';
import { auditActions } from './staff';
import {
  businessStatus, memberStatuses, paymentReportReason, paymentReportStatus, repaymentClaimStatus, staffInvitationStatuses,
} from './statuses';

const text = z.string();
const nullableText = z.nullable(z.string());
const count = z.number();
const language = z.enum(languages);

/**
 * The body of every refused request: the English `error`, the public `code`, the error
 * catalogue's `key` with the `params` its message reads (a client says the refusal in its
 * language from these), and the fields some codes also send at the top. Loose, because
 * each code may carry its own fields (the error catalogue's).
 */
export const apiError = z.looseObject({
  error: text,
  code: text,
  key: text,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  attemptsLeft: z.optional(count),
  retryAfterMinutes: z.optional(count),
});
// Every ErrorBody the server sends is an apiError.
export const errorBodyFits = (body: ErrorBody): z.output<typeof apiError> => body;

export const success = z.strictObject({ success: z.literal(true) });

const role = z.enum(['customer', 'business', 'admin', 'staff', 'counter']);
const shopRole = z.enum(shopRoles);

/**
 * Who at the shop wrote a ledger row, as the merchant's History and statements say it ("by
 * Ravi (Cashier)"); null for a customer's own payment, and always null on the customer's side.
 */
export const actorView = z.nullable(z.strictObject({ name: text, role: shopRole }));

export const userView = z.strictObject({ id: text, role, name: text, phone: nullableText, email: nullableText });

const businessProfileShape = {
  id: text,
  businessName: text,
  businessType: text,
  email: text,
  address: text,
  status: businessStatus,
  transactionFeePercent: text,
  maxCreditLimit: text,
  description: nullableText,
  rejectionReason: nullableText,
  createdAt: text,
};
export const businessProfile = z.strictObject(businessProfileShape);

export const adminBusiness = z.strictObject({
  ...businessProfileShape,
  contactName: text,
  phone: nullableText,
  decisionNotes: nullableText,
  decidedAt: nullableText,
});

export const sessionResponse = z.strictObject({ sessionToken: text, user: userView });
/**
 * The shop a session acts for, and as whom: the business account's own membership (an owner)
 * or the one a staff person picked. `permissions` are the role's (common/permissions.ts), so
 * the web shows only what the person may do.
 */
export const shopView = z.strictObject({
  memberId: text, businessId: text, businessName: text, role: shopRole, name: text, permissions: z.array(z.enum(permissions)),
});
/**
 * `language`: the user's saved choice, null until they make one. `shop`: the shop a business
 * or staff session acts for (null for others, and for staff who have not picked one yet);
 * `business` is that shop's profile.
 */
export const meResponse = z.strictObject({
  user: userView, business: z.nullable(businessProfile), shop: z.nullable(shopView), language: z.nullable(language),
});
export const languageResponse = z.strictObject({ language });

export const otpSendResponse = z.strictObject({
  success: z.literal(true), expiresInSeconds: count, developmentOtp: z.optional(text),
});
export const otpVerifyResponse = z.strictObject({ success: z.literal(true), verified: z.literal(true) });
export const unlockResponse = z.strictObject({ success: z.literal(true), wasLocked: z.boolean() });

export const businessPage = z.strictObject({ businesses: z.array(adminBusiness), nextCursor: nullableText });
export const decideResponse = z.strictObject({ success: z.literal(true), updated: count });
export const termsResponse = z.strictObject({ business: adminBusiness });
export const adminStatsResponse = z.strictObject({
  stats: z.strictObject({
    pendingBusinesses: count, approvedBusinesses: count, rejectedBusinesses: count, customers: count, creditAccounts: count,
  }),
  recentBusinesses: z.array(adminBusiness),
});
export const businessStatsResponse = z.strictObject({
  stats: z.strictObject({
    // Revenue is net of refunds; transactions counts payments, refunds never lower it.
    totalRevenue: text, customers: count, creditIssued: text, transactions: count, refunds: count,
    // This month against the same days of the last (stats.service.ts says which days).
    trend: z.strictObject({
      revenue: z.strictObject({ current: text, previous: text }),
      transactions: z.strictObject({ current: count, previous: count }),
    }),
  }),
});
/** The admin's Analytics tab: India dates, money as wire strings. */
export const adminAnalyticsResponse = z.strictObject({
  analytics: z.strictObject({
    days: count,
    from: text,
    to: text,
    daily: z.array(z.strictObject({ date: text, volume: text, fees: text, payments: count })),
    // Volume and fees are net of refunds, booked on the refund's day; refunds are counted apart.
    totals: z.strictObject({ payments: count, volume: text, fees: text, refunds: count, refunded: text }),
    activeMerchants: count,
    activeCustomers: count,
    newRegistrations: z.strictObject({ customers: count, businesses: count }),
    approvals: z.strictObject({
      applied: count, approved: count, rejected: count, pending: count, medianHoursToDecision: z.nullable(count),
    }),
    topMerchants: z.array(z.strictObject({ businessId: text, businessName: text, volume: text, payments: count })),
    credit: z.strictObject({ granted: text, owed: text }),
    /** Payment reports still open after reportOpenDaysAlert days: how many, and the oldest's time. */
    reports: z.strictObject({ openOverWeek: count, oldestOpenAt: nullableText }),
  }),
});

export const customerCreditAccount = z.strictObject({
  id: text,
  businessId: text,
  business: z.strictObject({ businessName: text }),
  currentBalance: text,
  creditLimit: text,
  owed: text,
  /** Dues: overdue now, the earliest due date among unpaid parts and its amount. */
  overdue: text,
  nextDueOn: nullableText,
  nextDueAmount: text,
  /** The merchant's UPI ID, for paying back by UPI; null until the merchant adds one. */
  upiId: nullableText,
  /** The customer has stopped reminder SMS from this shop. */
  remindersOptedOut: z.boolean(),
});
export const businessCreditAccount = z.strictObject({
  id: text,
  customerId: text,
  customerName: text,
  paymentHandle: text,
  phone: text,
  creditLimit: text,
  currentBalance: text,
  owed: text,
  createdAt: text,
  /** Dues: overdue now, the earliest due date among unpaid parts. */
  overdue: text,
  nextDueOn: nullableText,
  dueMoved: z.boolean(),
  lastRemindedAt: nullableText,
  /** The customer's language, in which reminders are written. */
  language,
});
export const customerCreditAccounts = z.strictObject({ creditAccounts: z.array(customerCreditAccount) });
export const businessCreditAccounts = z.strictObject({ creditAccounts: z.array(businessCreditAccount) });
export const createdCreditAccount = z.strictObject({ customerName: text, creditAccount: businessCreditAccount });
export const changedCreditAccount = z.strictObject({ creditAccount: businessCreditAccount });

export const customerQr = z.strictObject({ qrData: text, paymentHandle: text, name: text, phoneNumber: text });

export const qrCodeView = z.strictObject({
  id: text,
  qrData: text,
  amount: nullableText,
  description: nullableText,
  isDynamic: z.boolean(),
  feePercent: text,
  createdAt: text,
  expiresAt: text,
  status: z.enum(['active', 'paid', 'expired']),
});
export const qrCodeList = z.strictObject({ qrCodes: z.array(qrCodeView) });

export const qrValidation = z.strictObject({
  qrCode: z.strictObject({ isDynamic: z.boolean(), description: nullableText }),
  business: z.strictObject({ id: text, name: text, feePercent: text }),
  payment: z.optional(z.strictObject({ amount: text, fee: text })),
  creditAccount: z.strictObject({ currentBalance: text }),
});

/** A customer's report on a payment, as the payment's row shows it. */
export const paymentReportSummary = z.strictObject({
  id: text,
  reason: paymentReportReason,
  status: paymentReportStatus,
  note: nullableText,
  declineReason: nullableText,
  createdAt: text,
});

/**
 * The shop a ledger row is with, as a receipt names it: its registered address and the phone
 * its owner registered with (null only for an account made without one).
 */
const ledgerShop = z.strictObject({ businessName: text, address: text, phone: nullableText });

export const transactionView = z.strictObject({
  id: text,
  type: ledgerEntryType,
  amount: text,
  fee: text,
  totalAmount: text,
  status: text,
  createdAt: text,
  businessId: text,
  business: ledgerShop,
  customerName: text,
  description: nullableText,
  availableCredit: text,
  /** A refund's payment, a reversal's repayment. */
  originalId: nullableText,
  /** The merchant's reason for a refund or a reversal. */
  reason: nullableText,
  /** A payment's goods amount refunded so far ("0.00" otherwise); what is left to refund is amount − refunded. */
  refunded: text,
  /** The fee shares those refunds gave back, so a client can preview the next refund's share (refundFeeShare). */
  refundedFee: text,
  /** A payment with something left to refund: until when (refundDaysMax days after it). */
  refundableUntil: nullableText,
  /** A cash repayment not reversed: until when it can be (reversalDaysMax days after it). */
  reversibleUntil: nullableText,
  /** A repayment that was reversed. */
  reversed: z.boolean(),
  /** A payment's report by its customer, if any. */
  report: z.nullable(paymentReportSummary),
  /** A payment the customer approved with a code sent by SMS, not with their PIN. */
  bySmsCode: z.boolean(),
  by: actorView,
});
export const transactionPage = z.strictObject({ transactions: z.array(transactionView), nextCursor: nullableText });
export const paymentResult = z.strictObject({ transaction: transactionView });
export const repaymentResult = z.strictObject({ transaction: transactionView, creditAccount: businessCreditAccount });
/** A refund: its own row, the payment it returns (with refunded updated), and the account after. */
export const refundResult = z.strictObject({
  transaction: transactionView, payment: transactionView, creditAccount: businessCreditAccount,
});
/** A reversal: its own row, the repayment it undoes, and the account after. */
export const reversalResult = z.strictObject({
  transaction: transactionView, repayment: transactionView, creditAccount: businessCreditAccount,
});

/** A customer's report on a payment, as the merchant's list and the customer's answer show it. */
export const paymentReport = z.strictObject({
  id: text,
  transactionId: text,
  creditAccountId: text,
  reason: paymentReportReason,
  note: nullableText,
  froze: z.boolean(),
  status: paymentReportStatus,
  declineReason: nullableText,
  refundTransactionId: nullableText,
  createdAt: text,
  decidedAt: nullableText,
  customerName: text,
  businessName: text,
  paymentCreatedAt: text,
  amount: text,
  fee: text,
  totalAmount: text,
  /** What is left to refund of the payment now, and the fee shares earlier refunds gave back (refundFeeShare). */
  refundable: text,
  refundedFee: text,
});
export const reportResult = z.strictObject({ report: paymentReport });
export const paymentReportList = z.strictObject({ reports: z.array(paymentReport) });

/** GET /api/credit-accounts/:id/statement: the same for the account's customer and its merchant. */
export const accountStatement = z.strictObject({
  statement: z.strictObject({
    accountId: text,
    businessId: text,
    businessName: text,
    customerName: text,
    from: text,
    to: text,
    openingOwed: text,
    closingOwed: text,
    rows: z.array(z.strictObject({
      id: text,
      createdAt: text,
      /** "YYYY-MM-DD HH:mm", India time. */
      date: text,
      type: ledgerEntryType,
      description: nullableText,
      amount: text,
      fee: text,
      total: text,
      owedAfter: text,
      // As on transactionView: what a payment had refunded and until when the merchant may
      // refund it or reverse a cash repayment (both null for the customer's copy is fine too).
      refunded: text,
      refundedFee: text,
      refundableUntil: nullableText,
      reversibleUntil: nullableText,
      reversed: z.boolean(),
      /** A payment approved with a code sent by SMS, not with the PIN. */
      bySmsCode: z.boolean(),
      by: actorView,
    })),
    // opening + paymentTotal − repaymentAmount − refundTotal + reversalAmount = closing.
    totals: z.strictObject({
      payments: count,
      paymentAmount: text,
      fees: text,
      paymentTotal: text,
      repayments: count,
      repaymentAmount: text,
      refunds: count,
      refundAmount: text,
      refundFees: text,
      refundTotal: text,
      reversals: count,
      reversalAmount: text,
    }),
  }),
});

/** GET /api/credit-accounts/:id/statement.csv: a file, not JSON (docs/api.md, "Account statements"). */
export const accountStatementCsv = {
  description: 'The statement as a CSV file: UTF-8 with a byte-order mark, CRLF line endings, the header '
    + '`Date,Type,Description,Amount,Fee,Total,Owed after`, an opening line, one line per ledger row, the totals of '
    + 'payments and of repayments, and a closing line.',
  content: { 'text/csv': { schema: z.string() } },
};

/** GET /api/health/live: the process answers. */
export const healthLive = z.strictObject({ status: z.literal('ok') });
/** GET /api/health (and /ready): everything a request needs is there. */
export const healthReady = z.strictObject({
  status: z.literal('ok'), database: z.literal('ok'), migrations: z.literal('ok'), listen: z.literal('ok'),
});
/** GET /api/health when not ready: which part is missing. */
export const healthUnavailable = z.strictObject({
  status: z.literal('unavailable'),
  database: z.enum(['ok', 'unreachable']),
  // 'unknown' while the database is unreachable.
  migrations: z.enum(['ok', 'pending', 'unknown']),
  // The LISTEN connection that carries live updates (PostgreSQL).
  listen: z.enum(['ok', 'down']),
});

/** GET /api/events: a server-sent event stream, not JSON (docs/api.md, "Live updates"). */
export const ledgerEventStream = {
  description: 'A server-sent event stream: `event: ledger` per new ledger row with `{ transactionId, type, amount, fee, '
    + 'totalAmount, customerName, businessName, createdAt }`, and for a merchant `event: business` with `{ status }` '
    + 'when an admin decides on the business, and `event: claim` with `{ claimId, creditAccountId, businessId, status, '
    + 'amount, customerName, businessName }` when a repayment claim is made (to its merchant) or decided (to both), '
    + 'and `event: report` with `{ reportId, transactionId, businessId, status, reason, froze, amount, customerName, '
    + 'businessName }` when a payment is reported (to its merchant) or the report is answered (to both).',
  content: { 'text/event-stream': { schema: z.string() } },
};

/** Dues, reminders and repayment claims (docs/api.md). */
export const businessSettings = z.strictObject({ creditPeriodDays: count, upiId: nullableText });

export const toCollect = z.strictObject({
  overdue: text,
  customers: count,
  accounts: z.array(z.strictObject({
    creditAccountId: text,
    customerId: text,
    customerName: text,
    phone: text,
    owed: text,
    overdue: text,
    nextDueOn: text,
    lastRemindedAt: nullableText,
  })),
});

export const reminderDraft = z.strictObject({
  text,
  whatsappUrl: text,
  smsUrl: text,
  lastRemindedAt: nullableText,
  language,
});
export const reminderSent = z.strictObject({ lastRemindedAt: text });

/** Automatic SMS reminders (docs/product.md#automatic-reminders). */
export const reminderSchedule = z.strictObject({
  /** Every this many days while overdue; null: off. */
  overdueEveryDays: z.nullable(count),
  /** This many days before a due date (0: on the day); null: off. */
  beforeDueDays: z.nullable(count),
  /** The India hour they go at, 9 to 20. */
  hour: count,
  /** Reminder SMS the shop may send in an India day, and how many it has sent today. */
  dailyLimit: count,
  sentToday: count,
});

/** One reminder SMS as the merchant sees it. */
export const smsReminder = z.strictObject({
  id: text,
  creditAccountId: text,
  kind: smsReminderKind,
  status: smsStatus,
  /** Tries so far: 1, or 2 after a failure was retried. */
  attempts: count,
  createdAt: text,
  sentAt: nullableText,
  deliveredAt: nullableText,
  /** Why the last try failed, as the vendor said it; null unless failed. */
  error: nullableText,
});

/** One account's reminder SMS and whether it gets any. */
export const accountSmsReminders = z.strictObject({
  excluded: z.boolean(),
  optedOut: z.boolean(),
  messages: z.array(smsReminder),
});
export const reminderExclusion = z.strictObject({ excluded: z.boolean(), optedOut: z.boolean() });
export const reminderOptOut = z.strictObject({ optedOut: z.boolean() });

/** What "Send to all overdue" would send now, before the merchant says yes. */
export const reminderBatchPreview = z.strictObject({
  /** Reminders that would go. */
  count,
  /** Overdue accounts left out, by why. */
  skipped: z.strictObject({ optedOut: count, excluded: count, noPhone: count, accountLimit: count, shopLimit: count }),
  dailyLimit: count,
  sentToday: count,
  /** Each reminder that would go, with its text in its customer's language. */
  messages: z.array(z.strictObject({
    creditAccountId: text, customerName: text, language, owed: text, overdue: text, text,
  })),
});

/** A "Send to all overdue" batch and its progress. */
export const reminderBatch = z.strictObject({
  id: text,
  createdAt: text,
  total: count,
  queued: count,
  sent: count,
  delivered: count,
  failed: count,
  messages: z.array(z.strictObject({ creditAccountId: text, customerName: text, status: smsStatus, attempts: count })),
});

/** Where a reminder's short link leads the signed-in customer. */
export const reminderLinkTarget = z.strictObject({ creditAccountId: text, businessId: text });

/** The admin's SMS figures: per India day, and the shops sending most. */
export const smsUsage = z.strictObject({
  days: count,
  from: text,
  to: text,
  daily: z.array(z.strictObject({ date: text, sent: count, delivered: count, failed: count })),
  /** Every SMS by purpose over the period. */
  totals: z.strictObject({ otp: count, reminders: count, failed: count }),
  topShops: z.array(z.strictObject({ businessId: text, businessName: text, sent: count })),
});

export const repaymentClaim = z.strictObject({
  id: text,
  creditAccountId: text,
  businessId: text,
  businessName: text,
  customerId: text,
  customerName: text,
  amount: text,
  upiReference: nullableText,
  status: repaymentClaimStatus,
  confirmedAmount: nullableText,
  declineReason: nullableText,
  transactionId: nullableText,
  createdAt: text,
  decidedAt: nullableText,
});
export const repaymentClaimResult = z.strictObject({ claim: repaymentClaim });
export const repaymentClaimList = z.strictObject({ claims: z.array(repaymentClaim) });
export const confirmedClaim = z.strictObject({
  claim: repaymentClaim, transaction: transactionView, creditAccount: businessCreditAccount,
});

/**
 * An invitation as the merchant's list shows it: only what the merchant typed, the same whether
 * or not the number belongs to a Khata customer (docs/security.md, "Invitations"). `link` is the
 * short link the SMS carries, for sending it by WhatsApp too.
 */
export const invitationView = z.strictObject({
  id: text,
  name: text,
  phone: text,
  creditLimit: text,
  language,
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  link: text,
  createdAt: text,
  expiresAt: text,
});
export const invitationResult = z.strictObject({ invitation: invitationView });
export const invitationList = z.strictObject({ invitations: z.array(invitationView) });

/** An open offer, as the invited customer's app shows it. */
export const customerInvitation = z.strictObject({
  id: text,
  businessId: text,
  businessName: text,
  creditLimit: text,
  createdAt: text,
  expiresAt: text,
});
export const customerInvitationList = z.strictObject({ invitations: z.array(customerInvitation) });
export const acceptedInvitation = z.strictObject({ creditAccount: customerCreditAccount });

/**
 * What an invitation's short link shows to whoever opens it (no session needed): the shop, the
 * limit, the number it is for (to fill in registration) and where it stands. `id` lets a
 * signed-in customer with that number accept it.
 */
export const invitationLink = z.strictObject({
  id: text,
  businessName: text,
  name: text,
  phoneNumber: text,
  creditLimit: text,
  language,
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  expiresAt: text,
});

/** A purchase waiting for the customer's SMS code. */
export const chargeView = z.strictObject({
  id: text,
  creditAccountId: text,
  customerName: text,
  amount: text,
  fee: text,
  totalAmount: text,
  note: nullableText,
  status: z.enum(['pending', 'paid', 'void', 'expired']),
  attemptsLeft: count,
  expiresAt: text,
});
export const chargeStarted = z.strictObject({ charge: chargeView });
export const chargePaid = z.strictObject({ transaction: transactionView, creditAccount: businessCreditAccount });

/** A sign-up at the counter waiting for the customer's SMS code. */
export const enrolmentView = z.strictObject({
  id: text,
  name: text,
  phone: text,
  creditLimit: text,
  attemptsLeft: count,
  expiresAt: text,
});
export const enrolmentStarted = z.strictObject({ enrolment: enrolmentView });

export const smsApproval = z.strictObject({ enabled: z.boolean() });

/** A shop a staff account works at, for the shop picker after sign-in. */
export const staffShop = z.strictObject({ memberId: text, businessId: text, businessName: text, role: shopRole });
export const staffShops = z.strictObject({ shops: z.array(staffShop) });

/**
 * A person at the shop, as its owner's Staff screen lists them. Limits are rupee strings,
 * null for an owner; `usedToday`, their cash repayments, refunds and reversals of the India day.
 */
export const staffMember = z.strictObject({
  id: text,
  name: text,
  phone: nullableText,
  email: nullableText,
  role: shopRole,
  /** The account the shop registered with: always an owner, never revoked. */
  founding: z.boolean(),
  status: z.enum(memberStatuses),
  singleLimit: nullableText,
  dailyLimit: nullableText,
  usedToday: text,
  createdAt: text,
  revokedAt: nullableText,
});
export const staffInvitationView = z.strictObject({
  id: text,
  name: text,
  phone: text,
  role: shopRole,
  singleLimit: nullableText,
  dailyLimit: nullableText,
  status: z.enum(staffInvitationStatuses),
  createdAt: text,
  expiresAt: text,
});
export const staffList = z.strictObject({ members: z.array(staffMember), invitations: z.array(staffInvitationView) });
export const staffMemberResult = z.strictObject({ member: staffMember });
export const staffInvitationResult = z.strictObject({ invitation: staffInvitationView });

/**
 * The open invitations of the phone an OTP proved, for the person accepting one;
 * `hasAccount`: the phone already has a staff account, so no new PIN is chosen.
 */
export const staffInvitationsForPhone = z.strictObject({
  hasAccount: z.boolean(),
  invitations: z.array(z.strictObject({ id: text, businessName: text, role: shopRole, name: text, expiresAt: text })),
});

/**
 * One line of the shop's audit log: who (their role then), what, about whom, how much, and
 * the particulars (old and new values) as strings for the line's words.
 */
export const auditEntry = z.strictObject({
  id: text,
  createdAt: text,
  by: z.strictObject({ memberId: text, name: text, role: shopRole }),
  action: z.enum(auditActions),
  subject: nullableText,
  amount: nullableText,
  details: z.record(z.string(), z.string()),
});
export const auditPage = z.strictObject({ entries: z.array(auditEntry), nextCursor: nullableText });
/** GET /api/business/audit.csv: a file, not JSON, with the statements' spreadsheet-formula protection. */
export const auditCsv = {
  description: 'The audit log as a CSV file: UTF-8 with a byte-order mark, CRLF line endings, a header row, newest first; '
    + 'a cell that a spreadsheet would read as a formula is prefixed with an apostrophe.',
  content: { 'text/csv': { schema: z.string() } },
};
