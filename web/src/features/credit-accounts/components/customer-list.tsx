/**
 * The merchant's customers (docs/product.md#merchant-app): each credit account with its numbers,
 * and first the customers invited by phone who have not answered yet (docs/product.md#invitations).
 * Each account's buttons are those the person's role may use: a cashier records repayments
 * and charges by SMS code; changing limits, reminders, due dates and statements are others'.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { BusinessCreditAccount } from '@common/api/types';
import { parseRupees } from '@common/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardActions, cardActionClasses } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { useMayDo } from '@/features/auth/public';
import { useBusinessCreditAccounts } from '@/features/credit-accounts/api/get-business-credit-accounts';
import { remindedLabel } from '@/features/credit-accounts/dues';
import { paymentHandleExample } from '@/features/credit-accounts/messages';
import { LazyStatementDialog } from '@/features/statements/public';
import { useBusinessInvitations, type Invitation } from '@/features/invitations/api/get-business-invitations';
import { CancelInvitationDialog, InvitedCustomerCard } from '@/features/invitations/public';
import { LazySmsChargeDialog } from '@/features/sms-charge/public';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { ReminderDialog } from './lazy-reminder-dialog';
import type { ReminderTarget } from './reminder-dialog';

// The account's dialogs carry the forms (and their validation): each loads when first opened.
const ChangeLimitDialog = lazyDialog(() => import('./change-limit-dialog').then((m) => m.ChangeLimitDialog), 'account');
const DueDateDialog = lazyDialog(() => import('./due-date-dialog').then((m) => m.DueDateDialog), 'account');
const RepaymentDialog = lazyDialog(() => import('./repayment-dialog').then((m) => m.RepaymentDialog), 'account');

export function CustomerList() {
  const accounts = useBusinessCreditAccounts();
  const may = useMayDo();
  // A list that could not load shows no Invited rows rather than an error over the customers.
  const invitations = useBusinessInvitations({ enabled: may('customers') }).data?.invitations ?? [];
  const { t } = useLingui();
  const [changingLimit, setChangingLimit] = useState<BusinessCreditAccount | null>(null);
  const [repaying, setRepaying] = useState<BusinessCreditAccount | null>(null);
  const [statementOf, setStatementOf] = useState<string | null>(null);
  const [reminding, setReminding] = useState<ReminderTarget | null>(null);
  const [movingDue, setMovingDue] = useState<BusinessCreditAccount | null>(null);
  const [charging, setCharging] = useState<BusinessCreditAccount | null>(null);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  return (
    <section aria-labelledby="customers-heading" className="space-y-3">
      <h2 id="customers-heading" className="text-base font-semibold">
        <Trans>Customers</Trans>
      </h2>
      {accounts.isPending ? (
        <Spinner label={t`Loading customers`} className="py-6" />
      ) : accounts.isError ? (
        <Card className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load customers.</Trans></Card>
      ) : accounts.data.creditAccounts.length === 0 && invitations.length === 0 ? (
        <Card className="py-8 text-center">
          <p className="font-medium"><Trans>No customers yet</Trans></p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            <Trans>Add one with their payment handle, like {paymentHandleExample}.</Trans>
          </p>
        </Card>
      ) : (
        <ul className="space-y-3">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <InvitedCustomerCard invitation={invitation} onCancel={() => setCancelling(invitation)} />
            </li>
          ))}
          {accounts.data.creditAccounts.map((account) => (
            <li key={account.id}>
              <CustomerCard
                account={account}
                onChangeLimit={may('customers') ? () => setChangingLimit(account) : undefined}
                onRepayment={may('repayments') ? () => setRepaying(account) : undefined}
                onStatement={may('statements') ? () => setStatementOf(account.id) : undefined}
                onRemind={may('reminders') ? () => setReminding({ accountId: account.id, customerName: account.customerName }) : undefined}
                onMoveDueDate={may('reminders') ? () => setMovingDue(account) : undefined}
                onCharge={may('charges') ? () => setCharging(account) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <ChangeLimitDialog account={changingLimit} onClose={() => setChangingLimit(null)} />
      <RepaymentDialog account={repaying} onClose={() => setRepaying(null)} />
      <LazyStatementDialog accountId={statementOf} onClose={() => setStatementOf(null)} />
      <ReminderDialog target={reminding} onClose={() => setReminding(null)} />
      <DueDateDialog account={movingDue} onClose={() => setMovingDue(null)} />
      <LazySmsChargeDialog account={charging} onClose={() => setCharging(null)} />
      <CancelInvitationDialog invitation={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}

/** Each action's opener; one the person may not use is left out, and so is its button. */
interface CustomerCardProps {
  account: BusinessCreditAccount;
  onChangeLimit?: () => void;
  onRepayment?: () => void;
  /** Opens this account's statement. */
  onStatement?: () => void;
  /** Opens the reminder to send on WhatsApp or by SMS. */
  onRemind?: () => void;
  onMoveDueDate?: () => void;
  /** Opens Charge by SMS code, for a customer buying without the app's QR code. */
  onCharge?: () => void;
}

function CustomerCard({ account, onChangeLimit, onRepayment, onStatement, onRemind, onMoveDueDate, onCharge }: CustomerCardProps) {
  const headingId = `customer-${account.id}`;
  const owesNothing = (parseRupees(account.owed) ?? 0) === 0;
  const { t } = useLingui();
  const reminded = owesNothing ? null : remindedLabel(account.lastRemindedAt);
  return (
    <Card aria-labelledby={headingId} role="article" className="space-y-3">
      {/* The due badge beside the name while both fit, else under it: the name is never cut. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold wrap-break-word">
            {account.customerName}
          </h3>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{account.paymentHandle}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{account.phone}</p>
        </div>
        <DueBadge account={account} />
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-2 text-center dark:bg-slate-800/60">
        <Amount term={t`Limit`} value={account.creditLimit} />
        <Amount term={t`Owed`} value={account.owed} />
        <Amount term={t`Available`} value={account.currentBalance} />
      </dl>
      <CardActions>
        {onChangeLimit && (
          <Button variant="secondary" className={cardActionClasses} onClick={onChangeLimit}>
            <Trans>Change Limit</Trans>
          </Button>
        )}
        {onRepayment && (
          <Button variant="secondary" className={`${cardActionClasses} disabled:opacity-50`} onClick={onRepayment} disabled={owesNothing}>
            <Trans>Record Repayment</Trans>
          </Button>
        )}
        {!owesNothing && onRemind && (
          <Button variant="secondary" className={cardActionClasses} onClick={onRemind}>
            <Trans>Send reminder</Trans>
          </Button>
        )}
        {!owesNothing && onMoveDueDate && (
          <Button variant="secondary" className={cardActionClasses} onClick={onMoveDueDate}>
            <Trans>Move due date</Trans>
          </Button>
        )}
        {onStatement && (
          <Button variant="secondary" className={cardActionClasses} onClick={onStatement}>
            <Trans>Statement</Trans>
          </Button>
        )}
        {onCharge && (
          <Button variant="secondary" className={cardActionClasses} onClick={onCharge}>
            <Trans>Charge by SMS code</Trans>
          </Button>
        )}
      </CardActions>
      {reminded && <p className="text-xs text-slate-500 dark:text-slate-400">{reminded}</p>}
    </Card>
  );
}

/** "Overdue ₹X" while anything is overdue, else "Due 12 Mar 2025" while something is owed. */
function DueBadge({ account }: { account: BusinessCreditAccount }) {
  const { t } = useLingui();
  if ((parseRupees(account.overdue) ?? 0) > 0) {
    const amount = formatWireRupees(account.overdue);
    return <Badge tone="danger">{t`Overdue ${amount}`}</Badge>;
  }
  if (!account.nextDueOn) return null;
  const date = formatIndiaDay(account.nextDueOn);
  return <Badge tone={account.dueMoved ? 'warning' : 'neutral'}>{account.dueMoved ? t`Due ${date} (moved)` : t`Due ${date}`}</Badge>;
}

function Amount({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] text-slate-500 uppercase dark:text-slate-400">{term}</dt>
      <dd className="truncate text-sm font-semibold tabular-nums">{formatWireRupees(value)}</dd>
    </div>
  );
}
