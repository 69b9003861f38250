/**
 * What the person at the shop may do, as the merchant app's shell hands it down from
 * `me.shop.permissions` (common/permissions.ts): every screen asks here, never by a role's
 * name, and hides what the person may not use. The server refuses it anyway; hiding only
 * spares the person a button that can only fail. A component shown outside a shop's app
 * (alone in a test) hides nothing.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { permissions as allPermissions, type Permission } from '@common/permissions';

const ShopPermissions = createContext<readonly Permission[]>(allPermissions);

export function ShopAccess({ permissions, children }: { permissions: readonly Permission[]; children: ReactNode }) {
  return <ShopPermissions value={permissions}>{children}</ShopPermissions>;
}

/** Whether the person may do what `permission` names, here and now. */
export function useMayDo(): (permission: Permission) => boolean {
  const granted = useContext(ShopPermissions);
  return (permission) => granted.includes(permission);
}
