import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { toast } from '@/lib/toast-store';
import { expectNoAxeViolations } from '@/test/axe';
import { expectToast } from '@/test/toast';
import { Toaster } from './toaster';

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
