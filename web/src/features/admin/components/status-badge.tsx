import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BusinessStatus } from '@common/api/types';
import { Badge } from '@/components/ui/badge';

const statusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
const statusLabels = { pending: msg`Pending`, approved: msg`Approved`, rejected: msg`Rejected` } as const;

export function StatusBadge({ status }: { status: BusinessStatus }) {
  const { t } = useLingui();
  return <Badge tone={statusTones[status]}>{t(statusLabels[status])}</Badge>;
}
