/**
 * "Approve purchases by SMS code" on the customer's profile (docs/product.md#sms-approval):
 * with it on, a shop may charge the customer's Khata once the customer tells them the code
 * the SMS brings, for a purchase made without the app. Off unless the customer turns it on
 * (or signed up at a shop's counter, by such a code).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useSetSmsApproval, useSmsApproval } from '../api/sms-approval';

export function SmsApprovalSwitch() {
  const { t } = useLingui();
  const id = useId();
  const approval = useSmsApproval();
  const setApproval = useSetSmsApproval();
  // While the change is on its way the switch shows what was asked.
  const enabled = setApproval.isPending ? setApproval.variables : approval.data?.enabled ?? false;
  // Not disabled while sending, so keyboard focus stays on it: a tap while it is sent does nothing.
  const change = (on: boolean) => {
    if (setApproval.isPending) return;
    setApproval.mutate(on, {
      onSuccess: (answer) => toast({ title: answer.enabled ? t`Approval by SMS code is on` : t`Approval by SMS code is off` }),
      onError: (error) => toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? t`Please try again` }),
    });
  };
  return (
    <section aria-labelledby={`${id}-label`} className="flex items-center justify-between gap-4 rounded-3xl bg-white p-5 shadow-sm dark:bg-slate-900">
      <div>
        <h2 id={`${id}-label`} className="text-sm font-semibold"><Trans>Approve purchases by SMS code</Trans></h2>
        <p id={`${id}-note`} className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>A shop can charge your Khata when you tell them a code we send to your phone.</Trans>
        </p>
      </div>
      {approval.isError ? (
        <Button variant="secondary" className="shrink-0" onClick={() => void approval.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      ) : (
        <Switch
          checked={enabled}
          disabled={approval.isPending}
          aria-busy={approval.isPending || setApproval.isPending}
          onCheckedChange={change}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-note`}
        />
      )}
    </section>
  );
}
