import { Trans } from '@lingui/react/macro';
import { useAlertPreferences } from '../preferences';
import { unlockSound, useSoundLocked } from '../sound-unlock';

/**
 * A one-tap bar while payment sounds are on and the browser has not yet allowed sound on
 * this page load (docs/product.md#payment-alerts). The tap itself is the permission the browser wants.
 */
export function SoundUnlockBar() {
  const { sounds } = useAlertPreferences();
  const locked = useSoundLocked(sounds);
  if (!locked) return null;
  return (
    <div className="bg-brand-50 px-4 py-2 dark:bg-brand-800/40">
      <button
        type="button"
        onClick={unlockSound}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true">🔔</span>
        <Trans>Turn on sound</Trans>
      </button>
    </div>
  );
}
