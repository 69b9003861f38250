/**
 * The merchant's alert choices (docs/product.md#payment-alerts), kept per device in localStorage: a shop's counter
 * tablet may speak while the owner's phone stays quiet. Sounds start on; customer names
 * start off, since the queue at the counter hears everything.
 */
import { useSyncExternalStore } from 'react';

export interface AlertPreferences {
  /** A chime and a spoken sentence for each payment. */
  sounds: boolean;
  /** The customer's name in the spoken sentence. */
  sayNames: boolean;
}

const storageKeys = { sounds: 'khata.paymentSounds', sayNames: 'khata.sayCustomerNames' } as const;
const defaults: AlertPreferences = { sounds: true, sayNames: false };

const listeners = new Set<() => void>();
let current: AlertPreferences | null = null;

function read(): AlertPreferences {
  const stored = (name: keyof AlertPreferences) => {
    try {
      const value = localStorage.getItem(storageKeys[name]);
      return value === 'on' ? true : value === 'off' ? false : defaults[name];
    } catch {
      return defaults[name];
    }
  };
  return { sounds: stored('sounds'), sayNames: stored('sayNames') };
}

/** The choices now; outside React too (the announcer reads them at each payment). */
export function alertPreferences(): AlertPreferences {
  current ??= read();
  return current;
}

export function setAlertPreference(name: keyof AlertPreferences, on: boolean): void {
  try {
    localStorage.setItem(storageKeys[name], on ? 'on' : 'off');
  } catch {
    // Storage refused: the choice lasts until the page is left.
  }
  current = { ...alertPreferences(), [name]: on };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app changed them: follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.sounds && event.key !== storageKeys.sayNames) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAlertPreferences(): AlertPreferences {
  return useSyncExternalStore(subscribe, alertPreferences, alertPreferences);
}

/** Forgets what was read, so a test's cleared localStorage is read afresh. */
export function resetAlertPreferencesForTests(): void {
  current = null;
}
