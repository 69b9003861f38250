/** Businesses as the admin API answers them, for the admin's component tests. */
import type { AdminAnalytics, AdminBusiness, AdminStats, SmsUsage } from '@common/api/types';

let serial = 0;

export function adminBusiness(overrides: Partial<AdminBusiness> = {}): AdminBusiness {
  serial += 1;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    businessName: `Business ${serial}`,
    businessType: 'Retail',
    email: `owner${serial}@shop.test`,
    address: `${serial} MG Road, Bengaluru`,
    status: 'pending',
    transactionFeePercent: '2.00',
    maxCreditLimit: '50000.00',
    description: null,
    rejectionReason: null,
    createdAt: '2025-03-11T20:00:00.000Z',
    contactName: `Owner ${serial}`,
    phone: '+919876543210',
    decisionNotes: null,
    decidedAt: null,
    ...overrides,
  };
}

export const page = (businesses: AdminBusiness[], nextCursor: string | null = null) => ({ businesses, nextCursor });

export const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  pendingBusinesses: 0,
  approvedBusinesses: 0,
  rejectedBusinesses: 0,
  customers: 0,
  creditAccounts: 0,
  ...overrides,
});

export const urls = {
  stats: 'GET /api/admin/stats',
  pending: 'GET /api/admin/businesses/pending?limit=20',
  approved: 'GET /api/admin/businesses?status=approved&limit=20',
  rejected: 'GET /api/admin/businesses?status=rejected&limit=20',
  all: 'GET /api/admin/businesses?limit=20',
  decide: 'POST /api/admin/businesses/approve',
  analytics: (days: 7 | 30 | 90) => `GET /api/admin/analytics?days=${days}`,
  smsUsage: (days: 7 | 30 | 90) => `GET /api/admin/sms-usage?days=${days}`,
};

/** The SMS figures for the same 7 days: SMS on two of them, the rest zeros. */
export const smsUsage = (overrides: Partial<SmsUsage> = {}): SmsUsage => ({
  days: 7,
  from: '2025-03-06',
  to: '2025-03-12',
  daily: ['06', '07', '08', '09', '10', '11', '12'].map((day) => ({
    date: `2025-03-${day}`,
    sent: day === '10' ? 1520 : day === '12' ? 40 : 0,
    delivered: day === '10' ? 1490 : day === '12' ? 31 : 0,
    failed: day === '10' ? 30 : day === '12' ? 2 : 0,
  })),
  totals: { otp: 12, reminders: 1548, failed: 32 },
  topShops: [
    { businessId: 'b1', businessName: 'Chai Point', sent: 1200 },
    { businessId: 'b2', businessName: 'Patel Sweets', sent: 348 },
  ],
  ...overrides,
});

/** An analytics answer for the 7 days to 12 March 2025: two days with payments, the rest zeros. */
export const analytics = (overrides: Partial<AdminAnalytics> = {}): AdminAnalytics => ({
  days: 7,
  from: '2025-03-06',
  to: '2025-03-12',
  daily: ['06', '07', '08', '09', '10', '11', '12'].map((day) => ({
    date: `2025-03-${day}`,
    volume: day === '10' ? '1500.00' : day === '12' ? '2500.50' : '0.00',
    fees: day === '10' ? '30.00' : day === '12' ? '50.01' : '0.00',
    payments: day === '10' ? 2 : day === '12' ? 3 : 0,
  })),
  totals: { payments: 5, volume: '4000.50', fees: '80.01', refunds: 0, refunded: '0.00' },
  activeMerchants: 2,
  activeCustomers: 4,
  newRegistrations: { customers: 6, businesses: 3 },
  approvals: { applied: 3, approved: 1, rejected: 1, pending: 1, medianHoursToDecision: 5.5 },
  topMerchants: [
    { businessId: 'b1', businessName: 'Chai Point', volume: '2500.50', payments: 3 },
    { businessId: 'b2', businessName: 'Patel Sweets', volume: '1500.00', payments: 2 },
  ],
  credit: { granted: '100000.00', owed: '25000.00' },
  reports: { openOverWeek: 0, oldestOpenAt: null },
  ...overrides,
});
