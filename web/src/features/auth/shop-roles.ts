/**
 * A role's name at the shop, and who wrote a ledger row ("by Ravi (Cashier)") as the
 * merchant's History and statements say it. One place, so every screen says it alike.
 */
import { useLingui } from '@lingui/react/macro';
import type { ShopRole } from '@common/permissions';
import { capitalise } from '@/lib/format';

export interface Actor {
  name: string;
  role: ShopRole;
}

/** Each role's name, as the header, the shop picker and the by-lines show it. */
export function useShopRoleLabel(): (role: ShopRole) => string {
  const { t } = useLingui();
  const labels: Record<ShopRole, string> = { owner: t`Owner`, manager: t`Manager`, cashier: t`Cashier` };
  // A role a newer server sends shows as it came rather than as nothing.
  return (role) => labels[role] ?? capitalise(role);
}

/** "by Ravi (Cashier)": who at the shop wrote a row, with their role then. */
export function useActorLabel(): (actor: Actor) => string {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  return ({ name, role }) => {
    const roleName = roleLabel(role);
    return t`by ${name} (${roleName})`;
  };
}
