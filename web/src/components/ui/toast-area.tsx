import * as Toast from '@radix-ui/react-toast';
import { useLingui } from '@lingui/react/macro';
import { defaultToastDurationMs, dismissToast, useCurrentToast } from '@/lib/toast-store';
import { CloseIcon } from '@/components/ui/icons';

/**
 * The toast area: Radix Toast showing the single current toast at the top. Loaded by
 * the Toaster on the first toast, so sign-in screens do not download it up front.
 */
export function ToastArea() {
  const shown = useCurrentToast();
  const { t } = useLingui();
  const destructive = shown?.variant === 'destructive';
  return (
    // Radix's own words, read out before each toast and naming the toast area (F8 is its
    // default shortcut to it), in the app's language.
    <Toast.Provider swipeDirection="up" duration={defaultToastDurationMs} label={t`Notification`}>
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
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg ${
            destructive
              ? 'border-red-700 bg-red-600 text-white'
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
            className={`-m-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${destructive ? 'hover:bg-red-700' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`}
          >
            <CloseIcon className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      {/* A div, not Radix's <ol>: the one toast is a status, not a list item (axe: list). */}
      <Toast.Viewport asChild label={t`Notifications (F8)`}>
        <div className="pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto flex w-full max-w-mobile flex-col p-3 outline-none" />
      </Toast.Viewport>
    </Toast.Provider>
  );
}
