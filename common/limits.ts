/**
 * Every limit of the product in one place: those a person meets (docs/product.md#limits) and the
 * security and internal bounds. Names read quantity, then unit, then qualifier: pinLockSecondsMax,
 * qrExpiryMinutesDefault, paymentPaiseMax.
 */
import type { BasisPoints, Paise } from './money';

export const countryCode = '+91';
export const phoneDigits = 10;
export const otpDigits = 6;
export const pinDigits = 4;

export const nameLengthMax = 100;
export const emailLengthMax = 254;
export const businessTextLengthMax = 200;
export const addressLengthMax = 500;
/** An admin's rejection reason or decision notes. */
export const decisionTextLengthMax = 500;
export const qrDescriptionLengthMax = 200;
/** Longer than any `/pay/<token>` URL; anything longer is not a Khata code. */
export const qrDataLengthMax = 2048;
export const paymentHandleLengthMax = 100;

// One-time codes (docs/product.md#otp).
export const otpTtlSeconds = 5 * 60;
export const otpVerifyAttemptsMax = 5;
export const otpResendGapSeconds = 30;
export const otpSendsPerHourMax = 5;
export const otpProofTtlSeconds = 15 * 60;
/** Registrations refused for a taken e-mail before the proof is used up (no e-mail oracle). */
export const otpProofEmailConflictsMax = 3;
export const developmentOtpToastMs = 10_000;

// PIN attempts (docs/product.md#pins): 5 consecutive wrong PINs lock for 15 minutes,
// doubling on each further lock up to 24 hours.
export const pinAttemptsMax = 5;
export const pinLockSecondsBase = 15 * 60;
export const pinLockSecondsMax = 24 * 60 * 60;
/** A device stays trusted this long after the account last proved itself on it. */
export const deviceTrustTtlSeconds = 365 * 24 * 60 * 60;

// Sessions (docs/product.md#sessions).
export const sessionIdleTtlSeconds = 7 * 24 * 60 * 60;
export const sessionAbsoluteTtlSeconds = 30 * 24 * 60 * 60;
/** The idle expiry is pushed forward at most this often, so reads stay reads. */
export const sessionTouchIntervalSeconds = 60 * 60;
/** How long a PIN confirmation lets a session change the credit period or the UPI ID. */
export const pinConfirmationFreshSeconds = 5 * 60;

/**
 * Sends from one address beyond this per minute are refused before they reach the
 * database (server/plugins/rate-limit.ts, per process). Sized for a carrier NAT address
 * shared by hundreds of phones; the per-phone limits in the database stop bombing one number.
 */
export const otpSendsPerAddressPerMinuteMax = 60;

// Payments (docs/product.md#payments).
/** How long a payment's answer is kept for retries with the same Idempotency-Key. */
export const idempotencyTtlSeconds = 24 * 60 * 60;

// Money (docs/product.md#money). Typed by a cast, not by paise(): the signed-out /cust loads
// these limits in its first download, and the money module can wait for the app that needs it.
export const paymentPaiseMax = 1_00_000_00 as Paise;
export const feeBasisPointsDefault = 200 as BasisPoints;
export const maxCreditLimitPaiseDefault = 50_000_00 as Paise;
export const feeBasisPointsMax = 10_000 as BasisPoints;

// QR codes and lists (docs/product.md#qr-codes, #histories).
export const qrExpiryMinutesDefault = 15;
export const qrExpiryMinutesMin = 1;
export const qrExpiryMinutesMax = 1440;
export const qrPreviewChars = 50;
export const historyPageSize = 15;
export const historyPageSizeMax = 100;
export const historyLoadMoreAtScrollFraction = 0.8;
export const recentPaymentsCount = 5;
export const recentBusinessesCount = 5;
/** A merchant's QR codes list shows this many, newest first. */
export const qrRecentCodesCount = 50;
/** Businesses per page in the admin's lists, and the most one request may ask for. */
export const businessListPageSizeDefault = 20;
export const businessListPageSizeMax = 100;
/** Businesses one approve or reject may name. */
export const businessDecisionBatchMax = 100;

// Account statements (docs/product.md#statements).
/** The longest range one statement covers, in India calendar days, both ends included: a year, a leap one too. */
export const statementRangeDaysMax = 366;
/**
 * The most ledger rows one statement holds. A year of one customer at one shop is a few
 * hundred rows; past this the answer would be megabytes, so a shorter range is asked for.
 */
export const statementRowsMax = 10_000;

// Scanner and QR images (docs/product.md#limits).
export const scannerFps = 10;
export const scannerBoxPx = 250;
export const scannerBoxPxMin = 50;
export const customerQrScreenPx = 280;
export const customerQrDownloadPx = 500;

// Counter mode (docs/product.md#counter-mode): the shop's static code on a phone or tablet at the counter.
/** Counter mode's code is replaced this long before it expires, so it never shows a dead one. */
export const counterQrRenewMinutesBefore = 10;
/** The payments counter mode lists, newest first. */
export const counterPaymentsShown = 5;

export const userIdDisplayChars = 8;

// Live-update streams (GET /api/events; docs/product.md#live-updates).
/** Open streams one session may hold: a few tabs of the app; a fifth is refused with 429. */
export const eventStreamsPerSessionMax = 4;
/**
 * Open streams one server process holds. Each is a socket (a file descriptor) and a few
 * kilobytes of buffers for as long as a screen is open; 2,000 stays well inside a 4,096
 * descriptor limit with room left for the database pool and ordinary requests. More open
 * screens than this is the signal to run another process, not to raise the number.
 */
export const eventStreamsTotalMax = 2_000;
/** A refused stream's Retry-After, and the web app's longest wait between retries. */
export const eventStreamRetryAfterSeconds = 30;
/**
 * Ledger ids (UUIDv7) are made before their transaction commits, so a row committed after
 * an event was delivered can carry an earlier id. Replay therefore starts this long before
 * the last delivered id's time: far longer than any payment's transaction and any clock
 * skew between processes. Rows already seen inside the window are skipped by id.
 */
export const eventReplayMarginSeconds = 60;
/** The most ledger rows one replay sends (the newest); the screen refetches in any case. */
export const eventReplayRowsMax = 100;
/** The listening connection is retried after 100 ms, doubling up to this. */
export const eventListenRetryMsMax = 2_000;

// Housekeeping (docs/product.md#system): expired rows are purged periodically, in batches.
export const purgeIntervalMs = 10 * 60 * 1000;
export const purgeBatchRows = 5_000;
/** Accounts whose cached overdue amount one statement of the daily refresh recomputes. */
export const overdueRefreshBatchRows = 1_000;
/** OTP rows stay for the hourly send limit, with a margin. */
export const otpKeepSeconds = 2 * 60 * 60;
/** Revoked or expired sessions stay a day, for support questions. */
export const sessionKeepSeconds = 24 * 60 * 60;
/** A PIN counter with nothing on it (no failures, never locked) is dropped after a day. */
export const pinCounterIdleKeepSeconds = 24 * 60 * 60;
/**
 * Any PIN counter not locked and untouched this long goes, whatever its failures: rows
 * for made-up identifiers would otherwise pile up for ever. A guesser who waits 30 days
 * between tries gains nothing from the reset.
 */
export const pinCounterStaleKeepSeconds = 30 * 24 * 60 * 60;

// Internal bounds of the server and the web app: not rules a user meets, but limits all the same.
/** A device cookie longer than this is not one we issued (ours are 43 characters). */
export const deviceTokenLengthMax = 64;
/** A comment line on an open stream this often keeps proxies from closing it as idle. */
export const eventKeepAliveMs = 25_000;
/** The first wait before the listening connection is retried; it doubles up to eventListenRetryMsMax. */
export const eventListenRetryMsFirst = 100;
/** Ids one stream remembers having sent, so a replay and a notification never both arrive. */
export const eventSentIdsPerStreamMax = 1_000;
/** A transaction that meets a serialization failure or a deadlock is tried this often in all. */
export const transactionAttemptsMax = 5;
/** Keys (sessions or addresses) one request limiter keeps: every active session of a busy process. */
export const rateLimitKeysMax = 50_000;
/** Ledger ids the web app remembers, so a replayed event already seen refetches nothing. */
export const eventSeenIdsMax = 200;
/**
 * Sessions whose user a process remembers, so a payment can check its session inside its
 * own statement: about 200 bytes each, the least recently used forgotten first.
 */
export const sessionBindingsMax = 50_000;
/** Ledger events one NOTIFY round trip carries; more wait for the next. */
export const eventsPerNotifyMax = 500;
/** The Retry-After of a 503 while the database is unreachable. */
export const databaseRetryAfterSeconds = 5;
/**
 * How long one attempt to open a database connection may take: a database that swallows
 * packets (a dead host, a cut network) fails the request with 503 in this time instead of
 * hanging it. It bounds connecting only, never the wait for a free pooled connection.
 */
export const databaseConnectTimeoutMs = 2_000;
/** While the database is lost, how often one probe checks whether it is back (to log it). */
export const databaseProbeIntervalMs = 500;
/**
 * A payment whose outcome is unknown (no answer, or a 502, 503 or 504) is resent with the
 * same Idempotency-Key and body for this long from its first failure: the server answers a
 * resend of a committed payment with its original result. After that the customer is told
 * the payment is not confirmed yet, never that it failed.
 */
export const paymentOutcomeCheckSeconds = 30;
/** The first wait before such a resend; it doubles up to paymentResendWaitMsMax. */
export const paymentResendWaitMsFirst = 1_000;
/** The longest wait between resends, a server's Retry-After included: 5 s is the server's own. */
export const paymentResendWaitMsMax = 5_000;
/** The "Payment not confirmed yet" toast stays this long: it asks the customer to act, in two sentences. */
export const paymentNotConfirmedToastMs = 15_000;
/**
 * While Khata cannot be reached, the web app asks /api/health/live again after this wait,
 * doubling up to connectionProbeWaitMsMax, and shows the offline banner until it answers.
 */
export const connectionProbeWaitMsFirst = 2_000;
export const connectionProbeWaitMsMax = 10_000;
/**
 * A sign-out waits this long for the server, then completes on the phone alone and is sent
 * when the server can be reached again: a network that says it is up but carries
 * nothing must not keep a shared phone signed in.
 */
export const signOutWaitMs = 5_000;

// Dues, reminders and repayment claims (docs/product.md#dues-and-reminders, #upi-repayment-claims).
/** A business's credit period, in days: each payment falls due this long after its day. */
export const creditPeriodDaysMin = 1;
export const creditPeriodDaysMax = 365;
export const creditPeriodDaysDefault = 30;
/** How far ahead a merchant may move an account's due date. */
export const dueDateMoveDaysMax = 365;
/** A UPI ID (VPA): name@bank, as NPCI's apps accept them. */
export const upiIdPattern = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;
/** A UPI transaction reference (UTR/RRN): 12 digits. */
export const upiReferencePattern = /^\d{12}$/;
export const claimDeclineReasonLengthMax = 200;
/** Pending claims one account may have at once, so a customer cannot flood a shop. */
export const pendingClaimsPerAccountMax = 10;
export const claimListMax = 100;
/** One account's claims, as its customer and merchant see them. */
export const accountClaimListMax = 50;
export const toCollectListMax = 50;
/**
 * Reminders one credit account may be sent in one India day (the day the dues count in);
 * the next is refused until India midnight, so a customer is never flooded from one shop.
 */
export const remindersPerAccountPerDayMax = 3;
/**
 * Reminders are kept this long, then purged: the account keeps its last one's time
 * (last_reminded_at), and the daily limit needs only today's.
 */
export const reminderKeepSeconds = 90 * 24 * 60 * 60;
/**
 * A declined claim is kept this long after its decision, so the customer can read the
 * reason and take it up with the shop, then purged. Pending claims stay until decided
 * (at most pendingClaimsPerAccountMax per account); confirmed ones stay for ever, as the
 * uniqueness of their UPI reference is what stops a second credit for one payment.
 */
export const declinedClaimKeepSeconds = 90 * 24 * 60 * 60;

// Refunds, reversals and reports of a payment (docs/product.md#refunds-and-reports).
/** A payment can be refunded, wholly or in parts, for this many days after it was made. */
export const refundDaysMax = 180;
/** A cash repayment recorded by mistake can be reversed for this many days. */
export const reversalDaysMax = 7;
/** The reason a merchant gives for a refund, a reversal or declining a report. */
export const refundReasonLengthMax = 200;
/** What a customer writes about a payment they report. */
export const reportNoteLengthMax = 500;
/** A report left open longer than this shows on the admin's analytics. */
export const reportOpenDaysAlert = 7;
/** The reports one merchant's list shows, newest first. */
export const reportListMax = 100;

// SMS vendors and automatic reminders (docs/operations.md, "SMS"; docs/product.md#automatic-reminders).
/** One try at an SMS vendor gives up after this long. */
export const smsTryTimeoutMs = 4_000;
/** A 5xx or a timeout is tried again after these waits (a 4xx is not); then the fallback vendor. */
export const smsRetryDelaysMs = [250, 750] as const;
/** When every vendor failed, the OTP send answers 503 with this Retry-After. */
export const smsUnavailableRetryAfterSeconds = 60;
/** Reminder SMS one shop may send in an India day, unless SMS_DAILY_LIMIT_PER_SHOP says otherwise. */
export const smsDailyLimitPerShopDefault = 200;
/** A reminder SMS is tried at most this often: the first send and one retry after a failure. */
export const smsReminderAttemptsMax = 2;
/**
 * An SMS still 'sending' this long after it was claimed was cut off by a crash (every try
 * ends within seconds): it is marked failed and never sent again, as it may have gone.
 */
export const smsSendingStaleSeconds = 5 * 60;
/** DLT operators cap each template variable at about this many characters: a longer shop name is cut. */
export const smsVariableLengthMax = 30;
/** SMS records (never an OTP's code) are kept this long for delivery statuses and the admin's counts. */
export const smsKeepSeconds = 90 * 24 * 60 * 60;
/** Automatic reminders: every N days while overdue, and/or D days before a due date. */
export const reminderEveryDaysMin = 1;
export const reminderEveryDaysMax = 30;
export const reminderBeforeDueDaysMin = 0;
export const reminderBeforeDueDaysMax = 7;
/**
 * The India hour automatic reminders start at: 9 to 20, so that every one goes out
 * between 09:00 and 21:00 India time; nothing is sent at or after reminderQuietHour.
 */
export const reminderHourMin = 9;
export const reminderHourMax = 20;
export const reminderHourDefault = 10;
export const reminderQuietHour = 21;
/** A reminder's short link (/r/<code>): this many random base-62 characters, valid this many days. */
export const reminderLinkCodeLength = 10;
export const reminderLinkTtlDays = 30;
/** How often each process looks for reminders to send and SMS to deliver. */
export const reminderTickMs = 60_000;
/** How long the process holding the reminder scheduler's lease keeps it without renewing. */
export const reminderLeaseSeconds = 120;
/** The SMS one account's history shows, newest first. */
export const smsHistoryListMax = 20;
/** Days the admin's SMS figures cover. */
export const smsUsageDays = 30;
/**
 * Inviting a customer by phone (docs/product.md#invitations): an invitation lasts this many
 * days; a shop sends at most invitationsPerShopPerDay an India day; one number is sent at most
 * invitationsPerNumberPerDay invitation SMS a day across all shops, customers' and staff's
 * invitations together (past that, and to a number that refused the shop, the invitation is
 * answered alike and no SMS goes).
 */
export const invitationTtlDays = 30;
export const invitationsPerShopPerDay = 50;
export const invitationsPerNumberPerDay = 5;
/** An invitation's short link (/i/<code>): this many random base-62 characters. */
export const invitationLinkCodeLength = 10;
/**
 * Consent by SMS code (docs/product.md#sms-approval): a purchase's or a counter sign-up's
 * 6-digit code is valid this long, void after this many wrong tries, and one number is sent
 * at most this many such codes an hour.
 */
export const smsCodeDigits = 6;
export const smsCodeTtlSeconds = 5 * 60;
export const smsCodeAttemptsMax = 5;
export const smsCodesPerNumberPerHour = 5;
/**
 * Wrong codes typed for one shop's codes to one number, over the codes sent in the last 24
 * hours; at this many the shop sends that number no more codes until 24 hours after the first
 * of those codes was sent. Counting tries, not void codes, keeps a shop's guesses at one number
 * to a few dozen a day (docs/security.md#consent-by-sms-code), however many codes it lets expire.
 */
export const smsWrongCodesPerDayMax = 10;
/** A charge's optional note, which both sides read on the ledger row. */
export const chargeNoteLengthMax = 100;

/**
 * The shop's people (docs/product.md#staff): a staff invitation lasts this many days, a shop
 * invites at most this many people an India day, and a new cashier's or manager's limits
 * start at these (paise), which the owner may change at the invitation or later.
 */
export const staffInvitationTtlDays = 7;
export const staffInvitationsPerShopPerDay = 20;
export const staffDefaultLimitsPaise = {
  cashier: { single: 2_000_00, daily: 10_000_00 },
  manager: { single: 10_000_00, daily: 50_000_00 },
} as const;
/** The audit log keeps (and shows) this many days; older shop_audit rows are purged. */
export const auditRetentionDays = 2 * 365;
/** Rows in one page of the audit log, and in one CSV export at most. */
export const auditPageRowsMax = 100;
export const auditExportRowsMax = 50_000;
