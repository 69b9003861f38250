/**
 * A statement's figures (docs/product.md#statements): opening amount owed, every payment,
 * repayment, refund and reversal in order with the amount owed after it, the totals and the
 * closing amount owed; a payment the customer approved with a code sent by SMS says so. The
 * same markup on screen and in the print view, so what is printed is what was read; on the
 * merchant's screen each row may carry its Refund or Reverse, and each row a person at the
 * shop wrote says who ("by Ravi (Cashier)"); the customer's statement names nobody.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { parseRupees } from '@common/money';
import { capitalise, formatWireRupees } from '@/lib/format';
import { formatIndiaDateTime, formatIndiaDay } from '@/lib/date-time';
import { useActorLabel } from '@/features/auth/public';
import type { Statement, StatementRow } from '@/features/statements/api/get-statement';

/** A row's buttons on the merchant's screen (its Refund or Reverse), given the row and its statement: nothing for none. */
export type StatementRowActions = (row: StatementRow, statement: Statement) => ReactNode;

interface StatementDocumentProps {
  statement: Statement;
  /** On paper: black on white, full width, no scrolling. */
  print?: boolean;
  /** The merchant's buttons for a row, in a last column; never on paper. */
  actions?: StatementRowActions;
}

export function StatementDocument({ statement, print = false, actions }: StatementDocumentProps) {
  const { t } = useLingui();
  const captionId = useId();
  const { totals } = statement;
  // Never on paper; each row's with its statement (the customer's name is the statement's).
  const rowActions = print || !actions ? undefined : (row: StatementRow) => actions(row, statement);
  const from = formatIndiaDay(statement.from);
  const to = formatIndiaDay(statement.to);
  const mutedClass = print ? 'text-slate-700' : 'text-slate-500 dark:text-slate-400';
  const summary: { term: string; value: string; strong?: boolean }[] = [
    { term: t`Opening amount owed`, value: formatWireRupees(statement.openingOwed), strong: true },
    { term: t`Payments`, value: String(totals.payments) },
    { term: t`Amount paid`, value: formatWireRupees(totals.paymentAmount) },
    { term: t`Fees`, value: formatWireRupees(totals.fees) },
    { term: t`Payment total`, value: formatWireRupees(totals.paymentTotal) },
    { term: t`Repayments`, value: String(totals.repayments) },
    { term: t`Repaid`, value: formatWireRupees(totals.repaymentAmount) },
    // Refunds and reversals only in a statement that has some: most have none.
    ...(totals.refunds > 0 ? [
      { term: t`Refunds`, value: String(totals.refunds) },
      // With the fee shares, as "Payment total" is with the fees: what the refunds took off what is owed.
      { term: t`Refund total`, value: formatWireRupees(totals.refundTotal) },
    ] : []),
    ...(totals.reversals > 0 ? [
      { term: t`Reversals`, value: String(totals.reversals) },
      { term: t`Reversed`, value: formatWireRupees(totals.reversalAmount) },
    ] : []),
    { term: t`Closing amount owed`, value: formatWireRupees(statement.closingOwed), strong: true },
  ];

  return (
    <div className="space-y-4">
      <div>
        <p className="font-semibold">
          <span>{statement.businessName}</span> · <span>{statement.customerName}</span>
        </p>
        <p className={`text-sm ${mutedClass}`}>
          <Trans>{from} to {to}</Trans>
        </p>
      </div>

      <dl
        className={`grid grid-cols-2 gap-x-4 rounded-xl text-sm ${print ? 'border border-slate-400 p-2' : 'bg-slate-50 p-3 dark:bg-slate-800/60'}`}
      >
        {summary.map(({ term, value, strong }) => (
          <div key={term} className="flex items-baseline justify-between gap-2 py-0.5">
            <dt className={mutedClass}>{term}</dt>
            <dd className={`tabular-nums ${strong ? 'font-semibold' : 'font-medium'}`}>{value}</dd>
          </div>
        ))}
      </dl>

      {/* On a phone the table scrolls sideways: the scroller takes focus so a keyboard can scroll it too. */}
      <div
        {...(print ? {} : { role: 'group', 'aria-labelledby': captionId, tabIndex: 0 })}
        className={print ? '' : '-mx-4 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-600'}
      >
        <table className={`w-full border-collapse text-left ${print ? 'text-[9pt]' : 'min-w-[40rem] text-xs'}`}>
          <caption id={captionId} className="sr-only"><Trans>Statement</Trans></caption>
          <thead>
            <tr className={`border-b ${print ? 'border-slate-500' : 'border-slate-200 dark:border-slate-700'}`}>
              <th scope="col" className="py-2 pr-2 font-semibold"><Trans>Date</Trans></th>
              <th scope="col" className="py-2 pr-2 font-semibold"><Trans>Type</Trans></th>
              <th scope="col" className="py-2 pr-2 font-semibold"><Trans>Description</Trans></th>
              <th scope="col" className="py-2 pr-2 text-right font-semibold"><Trans>Amount</Trans></th>
              <th scope="col" className="py-2 pr-2 text-right font-semibold"><Trans>Fee</Trans></th>
              <th scope="col" className="py-2 pr-2 text-right font-semibold"><Trans>Total</Trans></th>
              <th scope="col" className="py-2 text-right font-semibold"><Trans>Owed after</Trans></th>
              {rowActions && <th scope="col" className="py-2 pl-2"><span className="sr-only"><Trans>Actions</Trans></span></th>}
            </tr>
          </thead>
          <tbody>
            {statement.rows.length === 0 ? (
              <tr>
                <td colSpan={rowActions ? 8 : 7} className={`py-4 text-center ${mutedClass}`}>
                  <Trans>No transactions in this period.</Trans>
                </td>
              </tr>
            ) : (
              statement.rows.map((row) => <Row key={row.id} row={row} print={print} actions={rowActions} />)
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

interface RowProps {
  row: StatementRow;
  print: boolean;
  actions?: (row: StatementRow) => ReactNode;
}

function Row({ row, print, actions }: RowProps) {
  const { t } = useLingui();
  const actorLabel = useActorLabel();
  const types: Record<StatementRow['type'], string> = {
    payment: t`Payment`,
    repayment: t`Repayment`,
    adjustment: t`Adjustment`,
    refund: t`Refund`,
    reversal: t`Reversal`,
  };
  // A kind a newer server sends shows as it came rather than as nothing.
  const type = types[row.type] ?? capitalise(row.type);
  // "Refunded ₹X" on a payment refunded wholly or in part: the words both histories use.
  const amount = row.type === 'payment' && (parseRupees(row.refunded) ?? 0) > 0 ? formatWireRupees(row.refunded) : null;
  const cellClass = 'py-1.5 pr-2 align-top';
  const amountClass = `${cellClass} text-right whitespace-nowrap tabular-nums`;
  return (
    <tr className={`border-b ${print ? 'border-slate-300 break-inside-avoid' : 'border-slate-100 dark:border-slate-800'}`}>
      <td className={`${cellClass} whitespace-nowrap`}>{formatIndiaDateTime(row.createdAt)}</td>
      <td className={cellClass}>
        {type}
        {row.type === 'payment' && row.bySmsCode && <span className="block">{t`Approved by SMS code`}</span>}
        {amount && <span className={`block ${print ? '' : 'text-emerald-700 dark:text-emerald-400'}`}>{t`Refunded ${amount}`}</span>}
        {row.type === 'repayment' && row.reversed && <span className={`block ${print ? '' : 'text-amber-700 dark:text-amber-400'}`}>{t`Reversed`}</span>}
        {row.by && <span className={`block ${print ? '' : 'text-slate-500 dark:text-slate-400'}`}>{actorLabel(row.by)}</span>}
      </td>
      {/* A refund's or a reversal's reason is its description. */}
      <td className={`${cellClass} break-words`}>{row.description ?? ''}</td>
      <td className={amountClass}>{formatWireRupees(row.amount)}</td>
      <td className={amountClass}>{formatWireRupees(row.fee)}</td>
      <td className={amountClass}>{formatWireRupees(row.total)}</td>
      <td className={`${amountClass} pr-0 font-medium`}>{formatWireRupees(row.owedAfter)}</td>
      {actions && <td className="py-1 pl-2 text-right align-top whitespace-nowrap">{actions(row)}</td>}
    </tr>
  );
}
