import { Trans } from '@lingui/react/macro';

/** Analytics (spec §2): a placeholder until there is something to chart. */
export function AnalyticsTab() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <h2 className="text-base font-semibold"><Trans>Analytics</Trans></h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400"><Trans>Analytics coming soon</Trans></p>
    </div>
  );
}
