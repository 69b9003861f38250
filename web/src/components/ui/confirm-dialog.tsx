/**
 * Asking once more before something that cannot be taken back (withdrawing an invitation,
 * removing a person): a keep button, a destructive confirm button, and a toast either way.
 */
import { useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';

/** What the confirm button runs with the id: a mutation hook's result, or anything shaped like it. */
export interface ConfirmAction {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
}

interface ConfirmDialogProps {
  /** The id of what is to be confirmed; the dialog is closed while null. */
  id: string | null;
  onClose: () => void;
  title: string;
  description?: string;
  keepLabel: string;
  confirmLabel: string;
  /**
   * The hook behind the confirm button, called afresh for each id: a request still pending
   * for one thing does not hold the button for the next.
   */
  useAction: () => ConfirmAction;
  /** The toast's title once it is done. */
  doneTitle: string;
  /** The toast's title when it is refused; the server's words, or "Please try again", below it. */
  failedTitle: string;
}

export function ConfirmDialog({ id, onClose, title, description, ...buttons }: ConfirmDialogProps) {
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      {id !== null && <ConfirmButtons key={id} id={id} onDone={onClose} {...buttons} />}
    </Dialog>
  );
}

type ConfirmButtonsProps = Pick<ConfirmDialogProps, 'keepLabel' | 'confirmLabel' | 'useAction' | 'doneTitle' | 'failedTitle'> & {
  id: string;
  onDone: () => void;
};

function ConfirmButtons({ id, onDone, keepLabel, confirmLabel, useAction, doneTitle, failedTitle }: ConfirmButtonsProps) {
  const { t } = useLingui();
  const action = useAction();
  // The promise, not mutate's callbacks: the thing confirmed leaves its list as it refetches, and the toast must still come.
  const confirm = () =>
    void action.mutateAsync(id).then(
      () => {
        toast({ title: doneTitle });
        onDone();
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: failedTitle, description: serverMessage(error) ?? t`Please try again` });
        onDone();
      },
    );
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" size="lg" onClick={onDone}>
        {keepLabel}
      </Button>
      <Button variant="destructive" size="lg" disabled={action.isPending} aria-busy={action.isPending} onClick={confirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
