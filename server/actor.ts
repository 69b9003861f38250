/**
 * Who acts for a shop in a request (docs/product.md#staff): the person (their membership,
 * shop_members) and the shop. Every shop route's service takes one, from requireShop
 * (plugins/access.ts); the shop is the membership's, never a value the request carries,
 * so a person reaches only the shop they picked.
 */
import type { ShopRole } from '@common/permissions';
import type { LedgerActor } from './ledger/ledger';

export interface Actor {
  /** The signed-in account: the shop's business account or a staff account. */
  userId: string;
  memberId: string;
  businessId: string;
  role: ShopRole;
  /** The name the shop knows the person by, as "by Ravi (Cashier)" shows it. */
  name: string;
}

/** The actor as the ledger records it on a row it writes. */
export const ledgerActor = (actor: Actor): LedgerActor => ({ memberId: actor.memberId, userId: actor.userId });
