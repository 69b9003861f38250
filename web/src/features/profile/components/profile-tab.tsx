import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { UserView } from '@common/api-types';
import { Badge } from '@/components/ui/badge';
import { shortUserId } from '@/lib/format';
import { ChevronRightIcon } from '@/components/ui/icons';

// The sheet (and the dialog library under it) is fetched once the profile is shown,
// keeping it out of the first download.
const loadChangePinSheet = () => import('./change-pin-sheet');
const ChangePinSheet = lazy(() => loadChangePinSheet().then((m) => ({ default: m.ChangePinSheet })));

interface ProfileTabProps {
  user: UserView;
  /** The logout control, supplied by the app shell. */
  logout: ReactNode;
}

export function ProfileTab({ user, logout }: ProfileTabProps) {
  const [changingPin, setChangingPin] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
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

      <section aria-label="Account details" className="rounded-3xl bg-white p-2 shadow-sm dark:bg-slate-900">
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400">User ID</dt>
            <dd className="font-mono text-sm">{shortUserId(user.id)}</dd>
          </div>
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400">Account Type</dt>
            <dd className="text-sm font-medium">Customer</dd>
          </div>
          <div className="flex items-center justify-between px-4 py-3">
            <dt className="text-sm text-slate-500 dark:text-slate-400">Status</dt>
            <dd>
              <Badge tone="success">Active</Badge>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-label="Settings" className="overflow-hidden rounded-3xl bg-white shadow-sm dark:bg-slate-900">
        <SettingsRow label="Change PIN" onClick={openChangePin} />
        <SettingsRow label="App Settings" />
      </section>

      <div className="[&>button]:w-full">{logout}</div>

      {sheetWanted && (
        <Suspense fallback={null}>
          <ChangePinSheet open={changingPin} onOpenChange={setChangingPin} />
        </Suspense>
      )}
    </div>
  );
}

function SettingsRow({ label, onClick }: { label: string; onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center justify-between border-b border-slate-100 px-5 py-4 text-left text-sm font-medium last:border-b-0 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800"
    >
      {label}
      <ChevronRightIcon className="h-4 w-4 text-slate-400" />
    </button>
  );
}
