/** The title, optional description and close button at the top of a dialog or a sheet. */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from '@/components/ui/icons';

export function DialogHeader({ title, description, className = 'mb-4' }: { title: string; description?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <div className={`${className} flex items-start justify-between gap-4`}>
      <div>
        <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {description}
          </DialogPrimitive.Description>
        )}
      </div>
      <DialogPrimitive.Close
        aria-label={t`Close`}
        className="-mt-1 -mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <CloseIcon />
      </DialogPrimitive.Close>
    </div>
  );
}
