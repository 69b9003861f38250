import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useAlertPreferences } from '../preferences';
import { unlockSound, useSoundLocked } from '../sound-unlock';

const layerClasses = '[grid-area:1/1]';
const buttonClasses = 'flex w-full items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold';
/** How long a page already tapped may take to start its sound before the button is offered. */
const unlockGraceMs = 1_000;

const pageTapped = () =>
  (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true;

/**
 * A one-tap bar while payment sounds are on and the browser has not yet allowed sound on
 * this page load (docs/product.md#payment-alerts). The tap itself is the permission the browser wants.
 * The first tap anywhere also allows it, so the bar then keeps its box and says "Sound on"
 * instead of leaving: what that tap was aimed at stays where the finger landed.
 */
export function SoundUnlockBar() {
  const { sounds } = useAlertPreferences();
  const locked = useSoundLocked(sounds);
  // A page already tapped (a sign-in typed on it) is let play at once: no bar, unless the
  // browser still refuses a moment later.
  const [shown, setShown] = useState(() => locked && !pageTapped());
  if (locked && !shown && !pageTapped()) setShown(true);
  useEffect(() => {
    if (!locked || shown) return;
    const timer = window.setTimeout(() => setShown(true), unlockGraceMs);
    return () => window.clearTimeout(timer);
  }, [locked, shown]);
  if (!shown) return null;
  const turnOn = (
    <>
      <span aria-hidden="true">🔔</span>
      <Trans>Turn on sound</Trans>
    </>
  );
  return (
    // Both states lie in one grid cell, the one not in use invisible: the box is the larger
    // of the two, before the tap and after it.
    <div className="grid bg-brand-50 px-4 py-2 dark:bg-brand-800/40">
      {locked ? (
        <button
          type="button"
          onClick={unlockSound}
          className={`${layerClasses} ${buttonClasses} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
        >
          {turnOn}
        </button>
      ) : (
        <span aria-hidden="true" className={`${layerClasses} ${buttonClasses} invisible`}>
          {turnOn}
        </span>
      )}
      <p
        role="status"
        aria-hidden={locked || undefined}
        className={`${layerClasses} flex items-center justify-center gap-2 text-sm font-medium text-brand-800 dark:text-brand-100 ${locked ? 'invisible' : ''}`}
      >
        <span aria-hidden="true">{sounds ? '🔔' : '🔕'}</span>
        <span>{sounds ? <Trans>Sound on</Trans> : <Trans>Sound off</Trans>}</span>
      </p>
    </div>
  );
}
