import { useLingui } from '@lingui/react/macro';
import { FullScreenDialog } from '@/components/ui/full-screen-dialog';
import { StatementPanel } from './statement-panel';

interface StatementDialogProps {
  accountId: string;
  onClose: () => void;
}

/** The merchant's view of one customer's statement: the whole screen, closed with X or Escape. */
export function StatementDialog({ accountId, onClose }: StatementDialogProps) {
  const { t } = useLingui();
  return (
    <FullScreenDialog open onOpenChange={(open) => !open && onClose()} title={t`Statement`}>
      <StatementPanel accountId={accountId} />
    </FullScreenDialog>
  );
}
