/**
 * What other features may use of auth beyond its api/: what the person at a shop may do
 * (the shell hands it down from `me.shop`), their role's name, and the by-line of who at
 * the shop wrote a ledger row.
 */
export { ShopAccess, useMayDo } from './shop-access';
export { useActorLabel, useShopRoleLabel, type Actor } from './shop-roles';
