/**
 * Each role as Khata's files name it (the audit log's CSV, the shop's copy of a statement):
 * English whatever the UI, as the rest of those files.
 */
import type { ShopRole } from '@common/permissions';

export const roleNames = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' } as const satisfies Record<ShopRole, string>;
