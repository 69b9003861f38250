import { useLingui } from '@lingui/react/macro';

/** A spinning ring and its label ("Loading" unless given); `onDark` for a dark box such as the camera's. */
export function Spinner({ label, className = '', onDark = false }: { label?: string; className?: string; onDark?: boolean }) {
  const { t } = useLingui();
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 dark:border-slate-800 dark:border-t-brand-500"
      />
      <span className={`text-sm ${onDark ? 'text-slate-300' : 'text-slate-500 dark:text-slate-400'}`}>{label ?? t`Loading`}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  );
}
