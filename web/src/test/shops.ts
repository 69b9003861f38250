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
