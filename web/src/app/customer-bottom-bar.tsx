/** The customer app's bottom bar (docs/product.md#customer-app): Home, the central Scan QR button, Profile. */
import * as Tabs from '@radix-ui/react-tabs';
import { Trans, useLingui } from '@lingui/react/macro';
import { HomeIcon, PersonIcon, ScanIcon } from '@/components/ui/icons';

const tabClasses =
  'flex flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium text-slate-500 data-[state=active]:text-brand-700 dark:text-slate-400 dark:data-[state=active]:text-brand-500';

interface CustomerBottomBarProps {
  onScan: () => void;
  /** A pointer over Scan QR: a hint to fetch the payment screen now. */
  onScanHint: () => void;
}

export function CustomerBottomBar({ onScan, onScanHint }: CustomerBottomBarProps) {
  const { t } = useLingui();
  return (
    <nav className="fixed inset-x-0 bottom-0 z-20 mx-auto w-full max-w-mobile border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900">
      <Tabs.List aria-label={t`Sections`} className="grid h-16 grid-cols-3">
        <Tabs.Trigger value="home" className={tabClasses}>
          <HomeIcon className="h-6 w-6" />
          <Trans>Home</Trans>
        </Tabs.Trigger>
        <span aria-hidden="true" />
        <Tabs.Trigger value="profile" className={`${tabClasses} col-start-3`}>
          <PersonIcon className="h-6 w-6" />
          <Trans>Profile</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <button
        type="button"
        aria-label={t`Scan QR`}
        onClick={onScan}
        onPointerEnter={onScanHint}
        className="absolute -top-7 left-1/2 flex h-16 w-16 -translate-x-1/2 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-4 ring-slate-50 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:ring-slate-950"
      >
        <ScanIcon className="h-7 w-7" />
      </button>
    </nav>
  );
}
