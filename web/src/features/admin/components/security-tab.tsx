/** Security: the admin's own PIN and unlocking locked accounts. */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChangePinSheet } from '@/features/profile/public';
import { UnlockAccountForm } from './unlock-account-form';

export function SecurityTab() {
  const [changingPin, setChangingPin] = useState(false);
  return (
    <div className="space-y-4">
      <Card className="flex items-center justify-between gap-4">
        <div className="min-w-0 wrap-break-word">
          <h2 className="text-base font-semibold"><Trans>Your PIN</Trans></h2>
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Changing it signs out your other sessions.</Trans></p>
        </div>
        <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => setChangingPin(true)}>
          <Trans>Change PIN</Trans>
        </Button>
      </Card>
      <UnlockAccountForm />
      <ChangePinSheet role="admin" open={changingPin} onOpenChange={setChangingPin} />
    </div>
  );
}
