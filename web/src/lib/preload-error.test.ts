import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadReloadGuardMs, reloadOnPreloadError } from './preload-error';

/** Fires Vite's event as its preload helper does; true when the page prevented the error. */
const firePreloadError = (target: EventTarget) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => sessionStorage.clear());

describe('a lazy chunk that is gone', () => {
  it('reloads the page once, and lets a second failure right after through instead of looping', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    let time = 1_000_000;
    const stop = reloadOnPreloadError({ target, reload, now: () => time });
    expect(firePreloadError(target)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page listens again, and its chunk is still missing.
    stop();
    const stopAgain = reloadOnPreloadError({ target, reload, now: () => time });
    time += 5_000;
    expect(firePreloadError(target)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy, long after, reloads the same tab again.
    time += preloadReloadGuardMs;
    expect(firePreloadError(target)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    stopAgain();
  });

  it('does not reload when there is no storage to keep the guard in', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    const refusing = { getItem: () => null, setItem: () => { throw new Error('blocked'); } } as unknown as Storage;
    const stop = reloadOnPreloadError({ target, reload, storage: refusing });
    expect(firePreloadError(target)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});
