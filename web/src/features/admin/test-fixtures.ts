/** Businesses as the admin API answers them, for the admin's component tests. */
import type { AdminBusiness, AdminStats } from '@common/api-types';

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
};
