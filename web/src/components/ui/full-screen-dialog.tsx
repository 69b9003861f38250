/**
 * A full-screen overlay: a Radix Dialog covering the mobile column, with a title bar and
 * a close button. For flows that take the whole screen, such as scanning to pay. It covers
 * the page's offline banner, so it shows its own under the title bar (docs/product.md#offline).
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { OfflineBanner } from '@/components/ui/offline-banner';

interface FullScreenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** While true the overlay cannot be closed (e.g. a payment is being processed). */
  locked?: boolean;
  children: ReactNode;
}

export function FullScreenDialog({ open, onOpenChange, title, locked = false, children }: FullScreenDialogProps) {
  const { t } = useLingui();
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (next || !locked) onOpenChange(next);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 mx-auto flex w-full max-w-mobile flex-col bg-slate-50 focus:outline-none dark:bg-slate-950"
        >
          <div className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 dark:border-slate-800 dark:bg-slate-900">
            <DialogPrimitive.Close
              aria-label={t`Close`}
              disabled={locked}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <CloseIcon />
            </DialogPrimitive.Close>
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          </div>
          <OfflineBanner />
          <div className="flex-1 overflow-y-auto px-4 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
            {children}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
