/** Shapes of the answers the server gives and the web app reads. */
import type { Language } from './languages';

export type Role = 'customer' | 'business' | 'admin';
/**
 * Who a session speaks for: an account's role, or 'counter', the narrow session a shop's
 * counter device holds in counter mode (docs/security.md, "Counter mode").
 */
export type SessionRole = Role | 'counter';
export type BusinessStatus = 'pending' | 'approved' | 'rejected';

export interface UserView {
  id: string;
  role: SessionRole;
  name: string;
  phone: string | null;
  email: string | null;
}

/** The business profile a merchant sees of itself (spec §3, design.md §3). */
export interface BusinessProfile {
  id: string;
  businessName: string;
  businessType: string;
  email: string;
  address: string;
  status: BusinessStatus;
  /** Percent with two decimals, "2.00". */
  transactionFeePercent: string;
  /** Rupees with two decimals, "50000.00". */
  maxCreditLimit: string;
  description: string | null;
  rejectionReason: string | null;
  createdAt: string;
}

export interface MeResponse {
  user: UserView;
  business: BusinessProfile | null;
  /** The user's saved language choice, null until they make one (issue 13). */
  language: Language | null;
}

export interface SessionResponse {
  sessionToken: string;
  user: UserView;
}

export interface OtpSendResponse {
  success: true;
  expiresInSeconds: number;
  /** Only from the development SMS provider. */
  developmentOtp?: string;
}

export interface OtpVerifyResponse {
  success: true;
  verified: true;
}

/** A business as the admin sees it. */
export interface AdminBusiness extends BusinessProfile {
  contactName: string;
  phone: string | null;
  decisionNotes: string | null;
  decidedAt: string | null;
}

export interface AdminStats {
  pendingBusinesses: number;
  approvedBusinesses: number;
  rejectedBusinesses: number;
  customers: number;
  creditAccounts: number;
}

/** A credit account as its customer sees it; amounts are 2-decimal rupee strings. */
export interface CustomerCreditAccount {
  id: string;
  businessId: string;
  business: { businessName: string };
  /** Available credit: max(0, limit − owed). */
  currentBalance: string;
  creditLimit: string;
  /** What the customer owes this business ("Given Credit"). */
  owed: string;
  /** Dues (issue 16): overdue now, the earliest due date (YYYY-MM-DD, India) among unpaid parts and its amount. */
  overdue: string;
  nextDueOn: string | null;
  nextDueAmount: string;
  /** The merchant's UPI ID, for paying back by UPI; null until the merchant adds one. */
  upiId: string | null;
}

/** A credit account as its business sees it. */
export interface BusinessCreditAccount {
  id: string;
  customerId: string;
  customerName: string;
  paymentHandle: string;
  phone: string;
  creditLimit: string;
  currentBalance: string;
  owed: string;
  createdAt: string;
  /** Dues (issue 16). */
  overdue: string;
  nextDueOn: string | null;
  /** The merchant moved this account's due date (a deferral is in force). */
  dueMoved: boolean;
  lastRemindedAt: string | null;
  /** The customer's language, in which reminders are written. */
  language: Language;
}

export interface BusinessStats {
  totalRevenue: string;
  customers: number;
  creditIssued: string;
  transactions: number;
  /**
   * This calendar month in India time up to now (`current`) against days 1..d of last
   * month (`previous`), d being today's day of the month capped at last month's length.
   * Payments only; revenue is the amount without the fee. common/trend.ts makes the text.
   */
  trend: {
    revenue: { current: string; previous: string };
    transactions: { current: number; previous: number };
  };
}

/** One India day of the platform's payments. */
export interface AnalyticsDay {
  /** YYYY-MM-DD, India time. */
  date: string;
  volume: string;
  fees: string;
  payments: number;
}

/** The admin's Analytics tab for the last `days` India days, today included (issue 15). */
export interface AdminAnalytics {
  days: number;
  from: string;
  to: string;
  /** One entry per day from `from` to `to`, days without payments as zeros. */
  daily: AnalyticsDay[];
  totals: { payments: number; volume: string; fees: string };
  /** Distinct merchants with at least one payment in the period (not a sum of days). */
  activeMerchants: number;
  /** Distinct customers with at least one payment in the period. */
  activeCustomers: number;
  newRegistrations: { customers: number; businesses: number };
  /** Applications made in the period and what became of them; the median is over those decided. */
  approvals: { applied: number; approved: number; rejected: number; pending: number; medianHoursToDecision: number | null };
  /** The five merchants with the most volume in the period. */
  topMerchants: { businessId: string; businessName: string; volume: string; payments: number }[];
  /** Across all accounts now: the sum of limits and the sum owed. */
  credit: { granted: string; owed: string };
}

export interface CustomerQr {
  qrData: string;
  paymentHandle: string;
  name: string;
  phoneNumber: string;
}

/** A merchant's payment QR code. */
export interface QrCodeView {
  id: string;
  qrData: string;
  /** Null for a static code, where the customer enters the amount. */
  amount: string | null;
  description: string | null;
  isDynamic: boolean;
  feePercent: string;
  createdAt: string;
  expiresAt: string;
  status: 'active' | 'paid' | 'expired';
}

/** What the customer sees before authorising a payment (spec §3). */
export interface QrValidation {
  qrCode: { isDynamic: boolean; description: string | null };
  business: { id: string; name: string; feePercent: string };
  /** Dynamic codes only. */
  payment?: { amount: string; fee: string };
  creditAccount: { currentBalance: string };
}

/** A ledger row as both histories show it (spec §3). */
export interface TransactionView {
  id: string;
  type: 'payment' | 'repayment' | 'adjustment';
  amount: string;
  fee: string;
  totalAmount: string;
  status: string;
  createdAt: string;
  businessId: string;
  business: { businessName: string };
  customerName: string;
  description: string | null;
  /** The customer's available credit at this merchant right after this row (issue 14's receipt). */
  availableCredit: string;
}

export interface TransactionPage {
  transactions: TransactionView[];
  nextCursor: string | null;
}

/** Dues, reminders and repayment claims (issue 16). */
export interface BusinessSettings {
  creditPeriodDays: number;
  upiId: string | null;
}

export interface ToCollectAccount {
  creditAccountId: string;
  customerId: string;
  customerName: string;
  phone: string;
  owed: string;
  overdue: string;
  nextDueOn: string;
  lastRemindedAt: string | null;
}

export interface ToCollect {
  overdue: string;
  customers: number;
  /** Largest overdue first, at most toCollectListMax. */
  accounts: ToCollectAccount[];
}

export interface ReminderDraft {
  text: string;
  whatsappUrl: string;
  smsUrl: string;
  lastRemindedAt: string | null;
  language: Language;
}

export type RepaymentClaimStatus = 'pending' | 'confirmed' | 'declined';

export interface RepaymentClaim {
  id: string;
  creditAccountId: string;
  businessId: string;
  businessName: string;
  customerId: string;
  customerName: string;
  amount: string;
  upiReference: string | null;
  status: RepaymentClaimStatus;
  confirmedAmount: string | null;
  declineReason: string | null;
  transactionId: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** The data of an `event: claim` on the events stream. */
export interface ClaimEvent {
  claimId: string;
  creditAccountId: string;
  businessId: string;
  status: RepaymentClaimStatus;
  amount: string;
  customerName: string;
  businessName: string;
}
