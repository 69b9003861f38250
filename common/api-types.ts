/** Shapes of the answers the server gives and the web app reads. */
import type { Language } from './languages';

export type Role = 'customer' | 'business' | 'admin';
export type BusinessStatus = 'pending' | 'approved' | 'rejected';

export interface UserView {
  id: string;
  role: Role;
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
}

export interface BusinessStats {
  totalRevenue: string;
  customers: number;
  creditIssued: string;
  transactions: number;
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
