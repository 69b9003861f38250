/**
 * What the counter shows once its session has ended some other way than its exit (issue
 * 23): it expired, the PIN was changed or reset, or the merchant signed out elsewhere.
 * The counter says so and links to the merchant's sign-in, a whole page load with the
 * dead token forgotten, so nothing of the counter's stays in memory.
 */
import { Trans } from '@lingui/react/macro';
import { clearSessionToken } from '@/lib/session';
import { markCounterDevice } from '../counter-device';

export const merchantSignInPath = '/merchant';

export function CounterEnded() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-bold"><Trans>Counter mode has ended</Trans></h1>
      <p className="text-slate-600 dark:text-slate-300"><Trans>Sign in to continue.</Trans></p>
      <a
        href={merchantSignInPath}
        onClick={() => {
          clearSessionToken();
          markCounterDevice(false);
        }}
        className="inline-flex h-12 w-full items-center justify-center rounded-xl bg-brand-600 px-5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Trans>Sign in</Trans>
      </a>
    </main>
  );
}
