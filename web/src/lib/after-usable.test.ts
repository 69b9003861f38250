import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterUsable, isUsable, markUsable, resetUsableForTests, usableGraceMs } from './after-usable';

describe('afterUsable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetUsableForTests();
  });
  afterEach(() => {
    resetUsableForTests();
    vi.useRealTimers();
  });

  it('waits until the home is usable, then runs the task when idle after the grace', async () => {
    const task = vi.fn();
    afterUsable(task);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).not.toHaveBeenCalled();
    expect(isUsable()).toBe(false);

    markUsable();
    expect(isUsable()).toBe(true);
    await vi.advanceTimersByTimeAsync(usableGraceMs - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('counts the grace from the first mark: a later task waits only for what is left of it', async () => {
    markUsable();
    await vi.advanceTimersByTimeAsync(usableGraceMs * 3);
    markUsable();
    const task = vi.fn();
    afterUsable(task);
    // Counted from the second mark it would run after usableGraceMs and the idle wait.
    await vi.advanceTimersByTimeAsync(usableGraceMs / 2);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the home is usable', async () => {
    const before = vi.fn();
    const after = vi.fn();
    afterUsable(before)();
    markUsable();
    const cancel = afterUsable(after);
    await vi.advanceTimersByTimeAsync(usableGraceMs / 2);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
