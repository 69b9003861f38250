import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { BusinessProfile } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatWireRupees } from '@/lib/format';
import { useMayDo } from '@/features/auth/public';
import { useBusinessStats } from '@/features/business/api/get-business-stats';
import { businessStatusLabel, businessStatusTones, CreditSettingsCard } from '@/features/business/public';
import { PaymentAlertSettings } from '@/features/payment-alerts/public';
import { LazyReminderScheduleCard } from '@/features/reminders/public';
import { LanguagePicker } from '@/components/ui/language-picker';
import { withAllTexts } from '@/i18n/home-texts';

// Fetched on first open, like the merchant app's other sheets.
const ChangePinSheet = lazy(withAllTexts(() =>
  import('@/features/profile/public').then((m) => ({ default: m.ChangePinSheet })),
));

interface SettingsTabProps {
  business: BusinessProfile;
  /** Whose PIN Change PIN changes: the business account's, or a staff account's own. */
  accountRole?: 'business' | 'staff';
  /** The logout control, supplied by the app shell. */
  logout: ReactNode;
  /** Opens the owner's Staff screen. */
  onOpenStaff?: () => void;
  /** Opens the owner's audit log. */
  onOpenAuditLog?: () => void;
}

/**
 * The merchant's settings (docs/product.md#merchant-app): the business profile, its terms,
 * Change PIN, the payment alerts' sounds, the language, the credit period and UPI ID, the
 * automatic SMS reminders, the shop's people and audit log, and Logout. Each part only for
 * a person whose role may use it: everyone keeps their own PIN, language and Logout.
 */
export function SettingsTab({ business, accountRole = 'business', logout, onOpenStaff, onOpenAuditLog }: SettingsTabProps) {
  const may = useMayDo();
  // The profile's figures come from the whole history's totals.
  const figures = may('history');
  const stats = useBusinessStats({ enabled: figures }).data?.stats;
  const { t } = useLingui();
  const [changingPin, setChangingPin] = useState(false);
  // Mounted on first open and kept, so closing animates and reopening is instant.
  const [sheetWanted, setSheetWanted] = useState(false);
  const openChangePin = () => {
    setSheetWanted(true);
    setChangingPin(true);
  };
  // The e-mail is the owner's sign-in: the server sends it only to those who may change settings.
  const rows: [string, ReactNode][] = [
    [t`Business Name`, business.businessName],
    [t`Business Type`, business.businessType],
    ...(business.email ? [[t`Email`, business.email] as [string, ReactNode]] : []),
    [t`Status`, <Badge tone={businessStatusTones[business.status]}>{businessStatusLabel(business.status)}</Badge>],
    [t`Fee Rate`, `${business.transactionFeePercent}%`],
    [t`Max Credit Limit`, formatWireRupees(business.maxCreditLimit)],
    [t`Active Customers`, stats ? String(stats.customers) : '…'],
    [t`Total Credit Issued`, stats ? formatWireRupees(stats.creditIssued) : '…'],
  ];
  return (
    <div className="space-y-4">
      {figures && (
        <Card className="p-2">
          <h2 className="px-3 pt-2 text-base font-semibold"><Trans>Business Settings</Trans></h2>
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            {/* A value beside its term while both fit, else under it; never cut (an e-mail
                breaks where it must). */}
            {rows.map(([term, value]) => (
              <div key={term} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-3">
                <dt className="text-sm text-slate-500 dark:text-slate-400">{term}</dt>
                <dd className="ml-auto min-w-0 text-right text-sm font-medium wrap-anywhere">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
      {may('settings') && <CreditSettingsCard approved={business.status === 'approved'} />}
      {may('reminders') && <LazyReminderScheduleCard approved={business.status === 'approved'} />}
      {(may('staff') || may('audit_log')) && (
        <Card className="p-2">
          <h2 className="px-3 pt-2 text-base font-semibold"><Trans>People at the shop</Trans></h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {may('staff') && onOpenStaff && (
              <SettingsEntry label={t`Staff`} note={t`Invite people, and set their roles and limits.`} onOpen={onOpenStaff} />
            )}
            {may('audit_log') && onOpenAuditLog && (
              <SettingsEntry label={t`Audit log`} note={t`Who did what at the shop, kept for 2 years.`} onOpen={onOpenAuditLog} />
            )}
          </ul>
        </Card>
      )}
      <Card className="flex items-center justify-between gap-4">
        <div>
          <h2 id="merchant-language" className="text-base font-semibold"><Trans>Language</Trans></h2>
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Khata speaks it on every phone you sign in on.</Trans></p>
        </div>
        <LanguagePicker />
      </Card>
      {/* The shop's chimes and spoken names: for who follows all its payments. */}
      {figures && <PaymentAlertSettings />}
      <Card className="flex items-center justify-between gap-4">
        <div className="min-w-0 wrap-break-word">
          <h2 className="text-base font-semibold"><Trans>PIN</Trans></h2>
          <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Your PIN signs you in.</Trans></p>
        </div>
        <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={openChangePin}>
          <Trans>Change PIN</Trans>
        </Button>
      </Card>
      <div className="[&>button]:w-full">{logout}</div>
      {sheetWanted && (
        <Suspense fallback={null}>
          <ChangePinSheet role={accountRole} open={changingPin} onOpenChange={setChangingPin} />
        </Suspense>
      )}
    </div>
  );
}

/** One of Settings' ways to another screen: its name, and a line on what is there. */
function SettingsEntry({ label, note, onOpen }: { label: string; note: string; onOpen: () => void }) {
  // The button's name is all of its text, the label then the note, as a voice reader or a
  // spoken command matches what is seen.
  return (
    <li className="px-1 py-1">
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
      >
        <span className="min-w-0">
          <span className="block text-sm font-medium">{label}</span>{' '}
          <span className="block text-xs text-slate-500 dark:text-slate-400">{note}</span>
        </span>
        <span aria-hidden="true" className="text-slate-400">›</span>
      </button>
    </li>
  );
}
