/**
 * Whether this browser is a shop's counter: set when a counter session is switched in,
 * cleared when it is exited or its ended screen is left. A counter whose session died
 * while it was closed or reloading then still says that counter mode has ended, rather
 * than falling to the customers' sign-in.
 */
const counterDeviceKey = 'khata.counterDevice';

export function markCounterDevice(on: boolean): void {
  try {
    if (on) localStorage.setItem(counterDeviceKey, 'on');
    else localStorage.removeItem(counterDeviceKey);
  } catch {
    // Storage refused: the ended screen shows only while the page stays open.
  }
}

export function isCounterDevice(): boolean {
  try {
    return localStorage.getItem(counterDeviceKey) === 'on';
  } catch {
    return false;
  }
}
