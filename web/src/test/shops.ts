/**
 * The shop a test's signed-in person acts for (MeResponse.shop): the business account as
 * its shop's founding owner, or a person working there in a role. Permissions are the
 * role's from common/permissions.ts, as the server sends them.
 */
import type { MeResponse } from '@common/api/types';
import { rolePermissions, type ShopRole } from '@common/permissions';

type ShopView = NonNullable<MeResponse['shop']>;

export function shopAs(role: ShopRole, change: Partial<ShopView> = {}): ShopView {
  return {
    memberId: `member-${role}`, businessId: 'biz1', businessName: 'Ravi Stores', name: 'Ravi Kumar', role,
    permissions: [...rolePermissions[role]], ...change,
  };
}

/** The business account of 'Ravi Stores' as its founding owner. */
export const ownerShop = (change: Partial<ShopView> = {}): ShopView => shopAs('owner', change);

/** Ravi Kumar signed in as the founding owner of 'Ravi Stores', an approved shop. */
export const approvedOwnerMe = (userId = 'u2'): MeResponse => ({
  user: { id: userId, role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  shop: ownerShop(),
  language: null,
  business: {
    id: 'biz1', businessName: 'Ravi Stores', businessType: 'Retail', email: 'ravi@example.com',
    address: '12 MG Road', status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00',
    description: null, rejectionReason: null, createdAt: '2025-01-01T00:00:00.000Z',
  },
});
