import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/lib/toast-store';
import { expectNoAxeViolations } from '@/test/axe';
import { expectToast } from '@/test/toast';
import { Toaster } from './toaster';

/** A dialog open in <body> as Radix mounts one, standing where `box` says. */
function openDialog(box: { top: number; bottom: number }): HTMLElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('data-state', 'open');
  dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: box.top, width: 390, height: box.bottom - box.top });
  document.body.append(dialog);
  return dialog;
}

afterEach(() => {
  for (const dialog of document.querySelectorAll('[role="dialog"]')) dialog.remove();
});

function renderToaster() {
  return render(
    <I18nProvider i18n={i18n}>
      <Toaster />
    </I18nProvider>,
  );
}

async function showToast() {
  renderToaster();
  act(() => toast({ title: 'Settings saved', description: 'New payments fall due after the period set here.' }));
  return expectToast('Settings saved', 'New payments fall due after the period set here.');
}

describe('the toast area', () => {
  it('sits at the bottom of the column, above the bottom bar and its Scan QR button, not at the top', async () => {
    const shown = await showToast();
    const viewport = shown.parentElement!;
    expect(viewport).toHaveClass('fixed', 'inset-x-0', 'mx-auto', 'max-w-mobile');
    // The bottom bar is 64 px high and its Scan QR button stands 28 px above it: 100 px clears both.
    expect(viewport).toHaveClass('bottom-[calc(6.25rem+env(safe-area-inset-bottom))]');
    expect(viewport.className).not.toMatch(/(^|\s)top-/);
    expect(viewport.style.bottom).toBe('');
    await expectNoAxeViolations(document.body);
  });

  it('sits just above the on-screen keyboard while one is up', async () => {
    const listeners = new Set<() => void>();
    const keyboardUp = { height: 400, offsetTop: 0, scale: 1 };
    vi.stubGlobal('visualViewport', {
      ...keyboardUp,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    });
    const shown = await showToast();
    expect(shown.parentElement!.style.bottom).toBe(`${window.innerHeight - 400 + 8}px`);
  });

  it('goes to the top of the screen over a sheet, clear of the buttons at its bottom, and back when it closes', async () => {
    const sheet = openDialog({ top: 300, bottom: window.innerHeight });
    const shown = await showToast();
    const viewport = shown.parentElement!;
    expect(viewport.style.top).toBe('calc(0.5rem + env(safe-area-inset-top))');
    expect(viewport.style.bottom).toBe('auto');
    act(() => sheet.setAttribute('data-state', 'closed'));
    await waitFor(() => expect(viewport.style.top).toBe(''));
    expect(viewport.style.bottom).toBe('');
  });

  it('goes to the bottom edge over a full-screen overlay, whose title bar and Close are at the top', async () => {
    openDialog({ top: 0, bottom: window.innerHeight });
    const shown = await showToast();
    const viewport = shown.parentElement!;
    expect(viewport.style.bottom).toBe('calc(1rem + env(safe-area-inset-bottom))');
    expect(viewport.style.top).toBe('');
    // A sheet opened over the overlay decides: the one opened last is in front.
    act(() => void openDialog({ top: 300, bottom: window.innerHeight }));
    await waitFor(() => expect(viewport.style.top).toBe('calc(0.5rem + env(safe-area-inset-top))'));
  });

  it('is dismissed by a swipe to the right, and stays after a short drag', async () => {
    const shown = await showToast();
    expect(shown).toHaveAttribute('data-swipe-direction', 'right');
    const drag = (toX: number) => {
      fireEvent.pointerDown(shown, { button: 0, pointerId: 1, clientX: 40, clientY: 20 });
      fireEvent.pointerMove(shown, { pointerId: 1, clientX: 40 + toX / 2, clientY: 20 });
      fireEvent.pointerMove(shown, { pointerId: 1, clientX: 40 + toX, clientY: 20 });
      fireEvent.pointerUp(shown, { pointerId: 1, clientX: 40 + toX, clientY: 20 });
    };
    drag(30); // Under Radix's 50 px threshold: it springs back.
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    expect(shown).toHaveAttribute('data-swipe', 'cancel');
    drag(120);
    await waitFor(() => expect(screen.queryByText('Settings saved')).not.toBeInTheDocument());
  });

  it('is not dismissed by a swipe to the left or upwards', async () => {
    const shown = await showToast();
    fireEvent.pointerDown(shown, { button: 0, pointerId: 1, clientX: 200, clientY: 200 });
    fireEvent.pointerMove(shown, { pointerId: 1, clientX: 80, clientY: 200 });
    fireEvent.pointerUp(shown, { pointerId: 1, clientX: 80, clientY: 200 });
    fireEvent.pointerDown(shown, { button: 0, pointerId: 2, clientX: 200, clientY: 200 });
    fireEvent.pointerMove(shown, { pointerId: 2, clientX: 200, clientY: 60 });
    fireEvent.pointerUp(shown, { pointerId: 2, clientX: 200, clientY: 60 });
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
  });
});
