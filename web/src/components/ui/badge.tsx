import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { capitalise } from '@/lib/format';

type Tone = 'primary' | 'success' | 'warning' | 'danger' | 'neutral';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not text */
const toneClasses: Record<Tone, string> = {
  primary: 'bg-brand-600 text-white',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-300',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-300',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};
/* eslint-enable lingui/no-unlocalized-strings */

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span data-variant={tone === 'neutral' ? 'secondary' : tone} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}>
      {children}
    </span>
  );
}

/** A transaction 'completed' is a primary badge, any other status a secondary one (docs/product.md#histories). */
export function TransactionStatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  // The one status the server writes today has its words; any other shows as it came.
  const label = status === 'completed' ? t`Completed` : capitalise(status);
  return <Badge tone={status === 'completed' ? 'primary' : 'neutral'}>{label}</Badge>;
}
