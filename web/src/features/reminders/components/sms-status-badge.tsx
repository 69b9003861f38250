import type { SmsStatus } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { smsStatusLabel, smsStatusTones } from '@/features/reminders/labels';

/** Where one reminder SMS stands: Queued, Sending, Sent, Delivered or Failed. */
export function SmsStatusBadge({ status }: { status: SmsStatus }) {
  return <Badge tone={smsStatusTones[status]}>{smsStatusLabel(status)}</Badge>;
}
