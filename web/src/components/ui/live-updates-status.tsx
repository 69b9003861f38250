import { useLingui } from '@lingui/react/macro';

/**
 * Says when live updates are paused. The live region is always in the page, empty while
 * updates flow, so screen readers announce the pause when its text appears.
 */
export function LiveUpdatesStatus({ paused }: { paused: boolean }) {
  const { t } = useLingui();
  return (
    <p
      role="status"
      className={paused ? 'bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200' : 'sr-only'}
    >
      {paused ? t`Live updates paused` : ''}
    </p>
  );
}
