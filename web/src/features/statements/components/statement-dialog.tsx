import { useLingui } from '@lingui/react/macro';
import { FullScreenDialog } from '@/components/ui/full-screen-dialog';
import { useMayDo } from '@/features/auth/public';
import { RowActions } from '@/features/refunds/public';
import { StatementPanel } from './statement-panel';

interface StatementDialogProps {
  accountId: string;
  onClose: () => void;
}

/**
 * The merchant's view of one customer's statement: the whole screen, closed with X or
 * Escape, each payment with its Refund and each cash repayment with its Reverse while they
 * may be, for a person whose role may make them (the refund code is this dialog's, never
 * the customer's statement's).
 */
export function StatementDialog({ accountId, onClose }: StatementDialogProps) {
  const { t } = useLingui();
  const may = useMayDo();
  return (
    <FullScreenDialog open onOpenChange={(open) => !open && onClose()} title={t`Statement`}>
      <StatementPanel
        accountId={accountId}
        actions={may('refunds') ? (row, statement) => (
          <span className="inline-flex gap-2">
            <RowActions transaction={{ ...row, customerName: statement.customerName }} />
          </span>
        ) : undefined}
      />
    </FullScreenDialog>
  );
}
