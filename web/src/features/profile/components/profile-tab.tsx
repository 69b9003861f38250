import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserView } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { shortUserId } from '@/lib/format';
import { ChevronRightIcon } from '@/components/ui/icons';
import { LanguagePicker } from '@/components/ui/language-picker';
import { SmsApprovalSwitch } from './sms-approval-switch';
import { withAllTexts } from '@/i18n/home-texts';

// The sheet (and the dialog library under it) is fetched once the profile is shown,
// keeping it out of the first download.
const loadChangePinSheet = () => import('./change-pin-sheet');
const ChangePinSheet = lazy(withAllTexts(() => loadChangePinSheet().then((m) => ({ default: m.ChangePinSheet }))));

interface ProfileTabProps {
  user: UserView;
  /** The logout control, supplied by the app shell. */
  logout: ReactNode;
}

export function ProfileTab({ user, logout }: ProfileTabProps) {
  const [changingPin, setChangingPin] = useState(false);
  const { t } = useLingui();
  const [sheetWanted, setSheetWanted] = useState(false);
  const [appSettingsOpen, setAppSettingsOpen] = useState(false);
  useEffect(() => {
    void loadChangePinSheet();
  }, []);
  const openChangePin = () => {
    setSheetWanted(true);
    setChangingPin(true);
  };
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="space-y-5">
      <section className="flex flex-col items-center rounded-3xl bg-white p-6 text-center shadow-sm dark:bg-slate-900">
        <div
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-600 text-3xl font-bold text-white"
        >
          {initial}
        </div>
        <h2 className="mt-3 text-xl font-semibold">{user.name}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{user.phone ?? user.email}</p>
      </section>

      <section aria-label={t`Account details`} className="rounded-3xl bg-white p-2 shadow-sm dark:bg-slate-900">
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>User ID</Trans></dt>
            <dd className="font-mono text-sm">{shortUserId(user.id)}</dd>
          </div>
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Account Type</Trans></dt>
            <dd className="text-sm font-medium"><Trans>Customer</Trans></dd>
          </div>
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400"><Trans>Status</Trans></dt>
            <dd>
              <Badge tone="success">
                <Trans>Active</Trans>
              </Badge>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-label={t`Settings`} className="overflow-hidden rounded-3xl bg-white shadow-sm dark:bg-slate-900">
        <SettingsRow label={t`Change PIN`} onClick={openChangePin} />
        <SettingsRow label={t`App Settings`} expanded={appSettingsOpen} onClick={() => setAppSettingsOpen((open) => !open)} />
        {appSettingsOpen && (
          <div id="app-settings" className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-4 text-sm last:border-b-0 dark:border-slate-800">
            <span><Trans>Language</Trans></span>
            <LanguagePicker />
          </div>
        )}
      </section>

      <SmsApprovalSwitch />

      <div className="[&>button]:w-full">{logout}</div>

      {sheetWanted && (
        <Suspense fallback={null}>
          <ChangePinSheet open={changingPin} onOpenChange={setChangingPin} />
        </Suspense>
      )}
    </div>
  );
}

function SettingsRow({ label, onClick, expanded }: { label: string; onClick?: () => void; expanded?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={expanded}
      aria-controls={expanded === undefined ? undefined : 'app-settings'}
      className="flex w-full items-center justify-between border-b border-slate-100 px-5 py-4 text-left text-sm font-medium last:border-b-0 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800"
    >
      {label}
      <ChevronRightIcon className="h-4 w-4 text-slate-400" />
    </button>
  );
}
