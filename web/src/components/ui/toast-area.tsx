import * as Toast from '@radix-ui/react-toast';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useState, type CSSProperties } from 'react';
import { defaultToastDurationMs, dismissToast, useCurrentToast } from '@/lib/toast-store';
import { CloseIcon } from '@/components/ui/icons';

/**
 * Where the toast sits: at the bottom of the phone's column, above the customer's bottom
 * bar (64 px high, its Scan QR button standing 28 px above it), so it never covers a
 * header, tabs or the bar a thumb is reaching for. The merchant's and admin's navigation
 * is at the top, far from it. While a dialog is open the page's bars are behind it, and the
 * toast moves to where the dialog has no controls (`useModalPlacement`).
 */
const toastViewportClasses =
  'pointer-events-none fixed inset-x-0 bottom-[calc(6.25rem+env(safe-area-inset-bottom))] z-[100] mx-auto flex w-full max-w-mobile flex-col px-3 outline-none';

/**
 * Over a dialog or a sheet: at the top of the screen, on the dimmed page above it, clear of
 * the buttons a sheet keeps at its bottom (the receipt's Share and Copy). Over a full-screen
 * overlay (Scan QR Code, whose title bar and Close are at the top): at the bottom edge,
 * below the screen's own buttons (the success screen's Done and Share receipt).
 */
type ModalPlacement = 'top' | 'bottom-edge';

/* eslint-disable lingui/no-unlocalized-strings -- CSS and selectors, not text */
const modalPlacementStyles: Record<ModalPlacement, CSSProperties> = {
  top: { top: 'calc(0.5rem + env(safe-area-inset-top))', bottom: 'auto' },
  'bottom-edge': { bottom: 'calc(1rem + env(safe-area-inset-bottom))' },
};

/** An open Radix dialog, sheet or alert dialog (each one's content element). */
const openDialogSelector = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
/* eslint-enable lingui/no-unlocalized-strings */

/** A swipe to the right, as a phone's notifications go, dismisses the toast. */
const toastSwipeDirection = 'right';

/**
 * The toast area: Radix Toast showing the single current toast. Loaded by the Toaster on
 * the first toast, so sign-in screens do not download it up front.
 */
export function ToastArea() {
  const shown = useCurrentToast();
  const { t } = useLingui();
  const keyboardPx = useKeyboardCoverPx();
  const placement = useModalPlacement(shown !== null);
  const destructive = shown?.variant === 'destructive';
  return (
    // Radix's own words, read out before each toast and naming the toast area (F8 is its
    // default shortcut to it), in the app's language.
    <Toast.Provider swipeDirection={toastSwipeDirection} duration={defaultToastDurationMs} label={t`Notification`}>
      {shown && (
        <Toast.Root
          key={shown.id}
          open
          duration={shown.durationMs ?? defaultToastDurationMs}
          onOpenChange={(open) => {
            if (!open) dismissToast(shown.id);
          }}
          // Radix announces the text through its own live region; the role lets people
          // and tests find the toast, and aria-live="off" avoids a second announcement.
          role="status"
          aria-live="off"
          aria-atomic="true"
          data-variant={destructive ? 'destructive' : 'default'}
          // The toast follows the finger while it is dragged (Radix sets the offsets), springs
          // back when let go too early, and leaves to the right when let go far enough.
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) ${
            destructive
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100'
          }`}
        >
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-sm font-semibold">{shown.title}</Toast.Title>
            {shown.description && (
              <Toast.Description className={`mt-0.5 text-sm ${destructive ? 'text-red-50' : 'text-slate-600 dark:text-slate-300'}`}>
                {shown.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t`Dismiss`}
            className={`-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${destructive ? 'hover:bg-red-800' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`}
          >
            <CloseIcon className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      {/* A div, not Radix's <ol>: the one toast is a status, not a list item (axe: list). */}
      <Toast.Viewport asChild label={t`Notifications (F8)`}>
        <div className={toastViewportClasses} style={viewportStyle(placement, keyboardPx)} />
      </Toast.Viewport>
    </Toast.Provider>
  );
}

/**
 * The viewport's place when not the default. With the on-screen keyboard up, what was at the
 * bottom is behind it: the toast sits just above the keyboard instead (at the top it is clear).
 */
function viewportStyle(placement: ModalPlacement | null, keyboardPx: number): CSSProperties | undefined {
  if (placement === 'top') return modalPlacementStyles.top;
  if (keyboardPx > 0) return { bottom: keyboardPx + 8 };
  return placement ? modalPlacementStyles[placement] : undefined;
}

/**
 * Where the toast goes while a dialog is open, the one opened last deciding; null with none
 * open. Watched only while a toast shows: a dialog opening or closing under it moves it.
 */
function useModalPlacement(active: boolean): ModalPlacement | null {
  const [placement, setPlacement] = useState<ModalPlacement | null>(null);
  // Measured before the toast is painted, so it never shows first in the wrong place.
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => setPlacement(openModalPlacement());
    measure();
    // Radix mounts a dialog's content straight into <body> and marks it closed while it leaves.
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return active ? placement : null;
}

function openModalPlacement(): ModalPlacement | null {
  const open = document.querySelectorAll(openDialogSelector);
  const last = open[open.length - 1];
  if (!last) return null;
  const box = last.getBoundingClientRect();
  const fillsScreen = box.top <= 1 && box.bottom >= window.innerHeight - 1;
  return fillsScreen ? 'bottom-edge' : 'top';
}

/**
 * How many pixels of the page's bottom the on-screen keyboard covers: a phone's browser
 * shrinks only the visual viewport for it, so a fixed toast at the bottom would be hidden
 * while a person types. Zero without a keyboard, and while the page is zoomed in.
 */
function useKeyboardCoverPx(): number {
  const [coverPx, setCoverPx] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const measure = () => {
      const covered = Math.round(window.innerHeight - viewport.height - viewport.offsetTop);
      // Below 100 px it is a browser's toolbar sliding, not a keyboard.
      setCoverPx(viewport.scale > 1 || covered < 100 ? 0 : covered);
    };
    measure();
    viewport.addEventListener('resize', measure);
    viewport.addEventListener('scroll', measure);
    return () => {
      viewport.removeEventListener('resize', measure);
      viewport.removeEventListener('scroll', measure);
    };
  }, []);
  return coverPx;
}
