import * as Toast from '@radix-ui/react-toast';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { defaultToastDurationMs, dismissToast, useCurrentToast } from '@/lib/toast-store';
import { CloseIcon } from '@/components/ui/icons';

/**
 * Where the toast sits: at the bottom of the phone's column, above the customer's bottom
 * bar (64 px high, its Scan QR button standing 28 px above it), so it never covers a
 * header, tabs or the bar a thumb is reaching for. The merchant's and admin's navigation
 * is at the top, far from it.
 */
const toastViewportClasses =
  'pointer-events-none fixed inset-x-0 bottom-[calc(6.25rem+env(safe-area-inset-bottom))] z-[100] mx-auto flex w-full max-w-mobile flex-col px-3 outline-none';

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
        {/* With the on-screen keyboard up, the bottom bar is behind it: the toast sits just above the keyboard instead. */}
        <div className={toastViewportClasses} style={keyboardPx > 0 ? { bottom: keyboardPx + 8 } : undefined} />
      </Toast.Viewport>
    </Toast.Provider>
  );
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
