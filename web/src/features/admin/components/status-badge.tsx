import type { BusinessStatus } from '@common/api-types';
import { Badge } from '@/components/ui/badge';
import { capitalise } from '@/lib/format';

const statusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function StatusBadge({ status }: { status: BusinessStatus }) {
  return <Badge tone={statusTones[status]}>{capitalise(status)}</Badge>;
}
