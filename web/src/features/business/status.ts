import { t } from '@lingui/core/macro';
import type { BusinessStatus } from '@common/api/types';

/** The badge tone of each business status. */
export const businessStatusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const satisfies Record<
  BusinessStatus,
  'warning' | 'success' | 'danger'
>;

/** The word shown for a business status, in the language active when it is called. */
export function businessStatusLabel(status: BusinessStatus): string {
  const labels: Record<BusinessStatus, string> = { pending: t`Pending`, approved: t`Approved`, rejected: t`Rejected` };
  return labels[status];
}
