import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface QuickActionsProps {
  onScan: () => void;
  onShowCode: () => void;
}

/** Scan QR (Make Payment) and My Code (Receive Payment). */
export function QuickActions({ onScan, onShowCode }: QuickActionsProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="quick-actions-title">
      <h3 id="quick-actions-title" className="mb-3 text-base font-semibold">
        <Trans>Quick Actions</Trans>
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <ActionCard
          title={t`Scan QR`}
          subtitle={t`Make Payment`}
          onClick={onScan}
          icon={<path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10" />}
        />
        <ActionCard
          title={t`My Code`}
          subtitle={t`Receive Payment`}
          describedBy="my-code-hint"
          onClick={onShowCode}
          icon={
            <>
              <rect x="4" y="4" width="6" height="6" rx="1" />
              <rect x="14" y="4" width="6" height="6" rx="1" />
              <rect x="4" y="14" width="6" height="6" rx="1" />
              <path d="M14 14h2v2h-2zM18 18h2v2h-2zM14 18v2M18 14h2" />
            </>
          }
        />
      </div>
      {/* "Receive Payment" is the spec's word; what the code is for, said plainly. */}
      <p id="my-code-hint" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        <Trans>Show My Code to a shop so they can find your account.</Trans>
      </p>
    </section>
  );
}

interface ActionCardProps {
  title: string;
  subtitle: string;
  icon: ReactNode;
  onClick: () => void;
  /** The id of a line that says more about the action. */
  describedBy?: string;
}

function ActionCard({ title, subtitle, icon, onClick, describedBy }: ActionCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={describedBy}
      className="flex flex-col items-start gap-2 rounded-2xl bg-white p-4 text-left shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {icon}
        </svg>
      </span>
      <span className="min-w-0">
        <span className="block font-semibold">{title}</span>{' '}
        <span className="block text-xs text-slate-500 dark:text-slate-400">{subtitle}</span>
      </span>
    </button>
  );
}
