/**
 * A statement's figures (docs/product.md#statements): opening amount owed, every payment,
 * repayment, refund and reversal in order with the amount owed after it, the totals and the
 * closing amount owed; a payment the customer approved with a code sent by SMS says so. The
 * same figures on screen and in the print view, so what is printed is what was read. Paper,
 * and a screen wide enough for its seven columns, get the table; a phone gets one card per
 * row (date, what, amount, the amount owed after), so no amount hides off to the side. On
 * the merchant's screen each row may carry its Refund or Reverse, and each row a person at
 * the shop wrote says who ("by Ravi (Cashier)"); the customer's statement names nobody.
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
          // A long term (Tamil's) on a narrow phone puts its figure on the line below, still at the right.
          <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-2 py-0.5">
            <dt className={mutedClass}>{term}</dt>
            <dd className={`ml-auto tabular-nums ${strong ? 'font-semibold' : 'font-medium'}`}>{value}</dd>
          </div>
        ))}
      </dl>

      {print ? (
        <StatementTable statement={statement} print />
      ) : statement.rows.length === 0 ? (
        <p className={`py-4 text-center text-sm ${mutedClass}`}>
          <Trans>No transactions in this period.</Trans>
        </p>
      ) : (
        // The table where its columns fit (40rem of this column), else the cards; both carry
        // the same rows and only one is shown, so a screen reader reads one.
        <div className="@container">
          <div className="@min-[40rem]:hidden">
            <StatementCards statement={statement} actions={rowActions} />
          </div>
          <div className="hidden @min-[40rem]:block">
            <StatementTable statement={statement} print={false} actions={rowActions} />
          </div>
        </div>
      )}
    </div>
  );
}

interface StatementTableProps {
  statement: Statement;
  print: boolean;
  actions?: (row: StatementRow) => ReactNode;
}

/** Every row with all seven figures: on paper, and on a screen as wide as its columns. */
function StatementTable({ statement, print, actions }: StatementTableProps) {
  const captionId = useId();
  const mutedClass = print ? 'text-slate-700' : 'text-slate-500 dark:text-slate-400';
  return (
    // Should the table outgrow its column after all, it scrolls sideways: the scroller takes
    // focus so a keyboard can scroll it too.
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
            {actions && <th scope="col" className="py-2 pl-2"><span className="sr-only"><Trans>Actions</Trans></span></th>}
          </tr>
        </thead>
        <tbody>
          {statement.rows.length === 0 ? (
            <tr>
              <td colSpan={actions ? 8 : 7} className={`py-4 text-center ${mutedClass}`}>
                <Trans>No transactions in this period.</Trans>
              </td>
            </tr>
          ) : (
            statement.rows.map((row) => <Row key={row.id} row={row} print={print} actions={actions} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The words under a row's type: approved by SMS code, what was refunded or reversed, who at the shop wrote it. */
function useRowNotes(print: boolean) {
  const { t } = useLingui();
  const actorLabel = useActorLabel();
  return (row: StatementRow) => {
    // "Refunded ₹X" on a payment refunded wholly or in part: the words both histories use.
    const amount = row.type === 'payment' && (parseRupees(row.refunded) ?? 0) > 0 ? formatWireRupees(row.refunded) : null;
    return (
      <>
        {row.type === 'payment' && row.bySmsCode && <span className="block">{t`Approved by SMS code`}</span>}
        {amount && <span className={`block ${print ? '' : 'text-emerald-700 dark:text-emerald-400'}`}>{t`Refunded ${amount}`}</span>}
        {row.type === 'repayment' && row.reversed && <span className={`block ${print ? '' : 'text-amber-700 dark:text-amber-400'}`}>{t`Reversed`}</span>}
        {row.by && <span className={`block ${print ? '' : 'text-slate-500 dark:text-slate-400'}`}>{actorLabel(row.by)}</span>}
      </>
    );
  };
}

/** A row's kind in the app's words ("Payment"); a kind a newer server sends shows as it came rather than as nothing. */
function useTypeName() {
  const { t } = useLingui();
  const types: Record<StatementRow['type'], string> = {
    payment: t`Payment`,
    repayment: t`Repayment`,
    adjustment: t`Adjustment`,
    refund: t`Refund`,
    reversal: t`Reversal`,
  };
  return (type: StatementRow['type']) => types[type] ?? capitalise(type);
}

interface StatementCardsProps {
  statement: Statement;
  actions?: (row: StatementRow) => ReactNode;
}

/**
 * One card per row, for a phone: what it was and when, its amount and whether it made the
 * amount owed go up or down (in words, not only in colour), its fee and total when it has a
 * fee, and the amount owed after it.
 */
function StatementCards({ statement, actions }: StatementCardsProps) {
  const { t } = useLingui();
  const typeName = useTypeName();
  const notes = useRowNotes(false);
  const mutedClass = 'text-slate-500 dark:text-slate-400';
  return (
    <ol aria-label={t`Statement`} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-3 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {statement.rows.map((row, index) => {
        const owedBefore = parseRupees(index === 0 ? statement.openingOwed : statement.rows[index - 1]!.owedAfter);
        const owedAfter = parseRupees(row.owedAfter);
        const change = owedBefore === null || owedAfter === null || owedAfter === owedBefore ? null
          : owedAfter > owedBefore ? t`Owed more` : t`Owed less`;
        const hasFee = (parseRupees(row.fee) ?? 0) !== 0;
        return (
          <li key={row.id} className="py-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{typeName(row.type)}</p>
                {row.description && <p className="break-words">{row.description}</p>}
                <div className="text-xs empty:hidden">{notes(row)}</div>
                <p className={`text-xs ${mutedClass}`}>{formatIndiaDateTime(row.createdAt)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold whitespace-nowrap tabular-nums">{formatWireRupees(row.amount)}</p>
                {change && <p className={`text-xs ${mutedClass}`}>{change}</p>}
              </div>
            </div>
            <dl className="mt-2 flex flex-wrap justify-end gap-x-4 gap-y-1 text-sm">
              {hasFee && (
                <>
                  <div className="flex gap-1.5">
                    <dt className={mutedClass}><Trans>Fee</Trans></dt>
                    <dd className="tabular-nums">{formatWireRupees(row.fee)}</dd>
                  </div>
                  <div className="flex gap-1.5">
                    <dt className={mutedClass}><Trans>Total</Trans></dt>
                    <dd className="tabular-nums">{formatWireRupees(row.total)}</dd>
                  </div>
                </>
              )}
              {/* On a line of its own, so the running figure is always in the same place. */}
              <div className="flex basis-full justify-end gap-1.5">
                <dt className={mutedClass}><Trans>Owed after</Trans></dt>
                <dd className="font-semibold tabular-nums">{formatWireRupees(row.owedAfter)}</dd>
              </div>
            </dl>
            {actions && <div className="mt-2 flex justify-end gap-2 empty:hidden">{actions(row)}</div>}
          </li>
        );
      })}
    </ol>
  );
}

interface RowProps {
  row: StatementRow;
  print: boolean;
  actions?: (row: StatementRow) => ReactNode;
}

function Row({ row, print, actions }: RowProps) {
  const typeName = useTypeName();
  const notes = useRowNotes(print);
  const cellClass = 'py-1.5 pr-2 align-top';
  const amountClass = `${cellClass} text-right whitespace-nowrap tabular-nums`;
  return (
    <tr className={`border-b ${print ? 'border-slate-300 break-inside-avoid' : 'border-slate-100 dark:border-slate-800'}`}>
      <td className={`${cellClass} whitespace-nowrap`}>{formatIndiaDateTime(row.createdAt)}</td>
      <td className={cellClass}>
        {typeName(row.type)}
        {notes(row)}
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
