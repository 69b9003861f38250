import { Trans } from '@lingui/react/macro';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { setAlertPreference, useAlertPreferences } from '../preferences';

/** Settings → Payment sounds and Say customer names, remembered on this device (docs/product.md#payment-alerts). */
export function PaymentAlertSettings() {
  const { sounds, sayNames } = useAlertPreferences();
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 id="payment-sounds-label" className="text-base font-semibold"><Trans>Payment sounds</Trans></h2>
          <p id="payment-sounds-note" className="text-sm text-slate-500 dark:text-slate-400">
            <Trans>A chime and the amount, spoken, for each payment. On this device only.</Trans>
          </p>
        </div>
        <Switch
          checked={sounds}
          onCheckedChange={(on) => setAlertPreference('sounds', on)}
          aria-labelledby="payment-sounds-label"
          aria-describedby="payment-sounds-note"
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 id="say-customer-names-label" className="text-base font-semibold"><Trans>Say customer names</Trans></h2>
          <p id="say-customer-names-note" className="text-sm text-slate-500 dark:text-slate-400">
            <Trans>Everyone near the counter hears them.</Trans>
          </p>
        </div>
        <Switch
          checked={sayNames}
          disabled={!sounds}
          onCheckedChange={(on) => setAlertPreference('sayNames', on)}
          aria-labelledby="say-customer-names-label"
          aria-describedby="say-customer-names-note"
        />
      </div>
    </Card>
  );
}
