import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { BusinessProfile } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useBusinessStats } from '@/features/business/api/get-business-stats';
import { businessStatusLabel, businessStatusTones, CreditSettingsCard } from '@/features/business/public';
import { PaymentAlertSettings } from '@/features/payment-alerts/public';
import { LazyReminderScheduleCard } from '@/features/reminders/public';
import { LanguagePicker } from '@/components/ui/language-picker';

// Fetched on first open, like the merchant app's other sheets.
const ChangePinSheet = lazy(() =>
  import('@/features/profile/public').then((m) => ({ default: m.ChangePinSheet })),
);

interface SettingsTabProps {
  business: BusinessProfile;
  /** The logout control, supplied by the app shell. */
  logout: ReactNode;
}

/**
 * The merchant's settings (docs/product.md#merchant-app): the business profile, its terms,
 * Change PIN, the payment alerts' sounds, the language, the credit period and UPI ID, the
 * automatic SMS reminders, and Logout.
 */
export function SettingsTab({ business, logout }: SettingsTabProps) {
  const stats = useBusinessStats().data?.stats;
  const { t } = useLingui();
  const [changingPin, setChangingPin] = useState(false);
  // Mounted on first open and kept, so closing animates and reopening is instant.
  const [sheetWanted, setSheetWanted] = useState(false);
  const openChangePin = () => {
    setSheetWanted(true);
    setChangingPin(true);
  };
  const rows: [string, ReactNode][] = [
    [t`Business Name`, business.businessName],
    [t`Business Type`, business.businessType],
    [t`Email`, business.email],
    [t`Status`, <Badge tone={businessStatusTones[business.status]}>{businessStatusLabel(business.status)}</Badge>],
    [t`Fee Rate`, `${business.transactionFeePercent}%`],
    [t`Max Credit Limit`, formatWireRupees(business.maxCreditLimit)],
    [t`Active Customers`, stats ? String(stats.customers) : '…'],
    [t`Total Credit Issued`, stats ? formatWireRupees(stats.creditIssued) : '…'],
  ];
  return (
    <div className="space-y-4">
      <Card className="p-2">
        <h2 className="px-3 pt-2 text-base font-semibold"><Trans>Business Settings</Trans></h2>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map(([term, value]) => (
            <div key={term} className="flex items-center justify-between gap-4 px-3 py-3">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{term}</dt>
              <dd className="min-w-0 truncate text-right text-sm font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <CreditSettingsCard approved={business.status === 'approved'} />
      <LazyReminderScheduleCard approved={business.status === 'approved'} />
      <Card className="flex items-center justify-between gap-4">
        <div>
          <h2 id="merchant-language" className="text-base font-semibold"><Trans>Language</Trans></h2>
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Khata speaks it on every phone you sign in on.</Trans></p>
        </div>
        <LanguagePicker />
      </Card>
      <PaymentAlertSettings />
      <Card className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold"><Trans>PIN</Trans></h2>
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Your PIN signs you in.</Trans></p>
        </div>
        <Button variant="secondary" onClick={openChangePin}>
          <Trans>Change PIN</Trans>
        </Button>
      </Card>
      <div className="[&>button]:w-full">{logout}</div>
      {sheetWanted && (
        <Suspense fallback={null}>
          <ChangePinSheet role="business" open={changingPin} onOpenChange={setChangingPin} />
        </Suspense>
      )}
    </div>
  );
}
