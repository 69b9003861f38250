import type { BusinessStatus } from '@common/api-types';

/** The badge tone of each business status. */
export const businessStatusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const satisfies Record<
  BusinessStatus,
  'warning' | 'success' | 'danger'
>;
