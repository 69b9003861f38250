import { capitalise } from '@/lib/format';

/** Spec §4: 'completed' is a primary badge; any other status a secondary one. */
export function TransactionStatusBadge({ status }: { status: string }) {
  const primary = status === 'completed';
  return (
    <span
      data-variant={primary ? 'primary' : 'secondary'}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        primary
          ? 'bg-brand-600 text-white'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
      }`}
    >
      {capitalise(status)}
    </span>
  );
}
