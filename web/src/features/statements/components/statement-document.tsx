/**
 * A statement's figures (docs/product.md#statements): opening amount owed, every payment and repayment in
 * order with the amount owed after it, the totals and the closing amount owed. The same
 * markup on screen and in the print view, so what is printed is what was read.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatIndiaDateTime, formatIndiaDay } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import type { Statement, StatementRow } from '@/features/statements/api/get-statement';

interface StatementDocumentProps {
  statement: Statement;
  /** On paper: black on white, full width, no scrolling. */
  print?: boolean;
}

export function StatementDocument({ statement, print = false }: StatementDocumentProps) {
  const { t } = useLingui();
  const captionId = useId();
  const { totals } = statement;
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
            </tr>
          </thead>
          <tbody>
            {statement.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className={`py-4 text-center ${mutedClass}`}>
                  <Trans>No transactions in this period.</Trans>
                </td>
              </tr>
            ) : (
              statement.rows.map((row) => <Row key={row.id} row={row} print={print} />)
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Row({ row, print }: { row: StatementRow; print: boolean }) {
  const { t } = useLingui();
  const type = row.type === 'payment' ? t`Payment` : row.type === 'repayment' ? t`Repayment` : t`Adjustment`;
  const cellClass = 'py-1.5 pr-2 align-top';
  const amountClass = `${cellClass} text-right whitespace-nowrap tabular-nums`;
  return (
    <tr className={`border-b ${print ? 'border-slate-300 break-inside-avoid' : 'border-slate-100 dark:border-slate-800'}`}>
      <td className={`${cellClass} whitespace-nowrap`}>{formatIndiaDateTime(row.createdAt)}</td>
      <td className={cellClass}>{type}</td>
      <td className={`${cellClass} break-words`}>{row.description ?? ''}</td>
      <td className={amountClass}>{formatWireRupees(row.amount)}</td>
      <td className={amountClass}>{formatWireRupees(row.fee)}</td>
      <td className={amountClass}>{formatWireRupees(row.total)}</td>
      <td className={`${amountClass} pr-0 font-medium`}>{formatWireRupees(row.owedAfter)}</td>
    </tr>
  );
}
