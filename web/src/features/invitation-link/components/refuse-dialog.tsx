import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { useRefuseInvitation } from '../api/refuse-invitation';

interface RefuseDialogProps {
  code: string;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shop can no longer invite the number. */
  onRefused: () => void;
}

/**
 * "I don't want this", asked once more: it cannot be undone, since the shop is never told
 * the number may be invited again. A refusal (the invitation was accepted or withdrawn
 * meanwhile) is said here in the server's words.
 */
export function RefuseDialog({ code, businessName, open, onOpenChange, onRefused }: RefuseDialogProps) {
  const { t } = useLingui();
  const refuse = useRefuseInvitation(code);
  const change = (next: boolean) => {
    if (!next) refuse.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change} title={t`${businessName} will not be able to invite this number again`}>
      <div className="space-y-3">
        {refuse.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverMessage(refuse.error) ?? t`Please try again`}
          </p>
        )}
        <Button
          variant="destructive"
          size="lg"
          disabled={refuse.isPending}
          aria-busy={refuse.isPending}
          onClick={() => refuse.mutate(undefined, { onSuccess: onRefused })}
        >
          <Trans>I don't want this</Trans>
        </Button>
        <Button variant="secondary" size="lg" onClick={() => change(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
