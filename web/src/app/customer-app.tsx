import * as Tabs from '@radix-ui/react-tabs';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { UserView } from '@common/api-types';
import { LogoutButton } from '@/features/auth/components/logout-button';
import {
  customerCreditAccountsQueryKey,
  useCustomerCreditAccounts,
} from '@/features/customer-home/api/get-customer-credit-accounts';
import { HomeTab } from '@/features/customer-home/components/home-tab';
import { customerTransactionsQueryKey } from '@/features/history/api/get-customer-transactions';
import { clearPendingPayToken, payLinkQrData, readPendingPayToken } from '@/features/payment/pay-link';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import { customerLedgerQueries, useLedgerEvents } from '@/lib/use-ledger-events';
import { whenIdle } from '@/lib/when-idle';
import { LiveUpdatesStatus } from '@/components/ui/live-updates-status';

// The payment screen (with the camera) and the payment code sheet (with the QR drawing
// library) load on first use, keeping them out of the first download.
const loadScanQrOverlay = () => import('@/features/payment/components/scan-qr-overlay');
const ScanQrOverlay = lazy(() => loadScanQrOverlay().then((m) => ({ default: m.ScanQrOverlay })));
const loadPaymentCodeSheet = () => import('@/features/payment-code/components/payment-code-sheet');
const PaymentCodeSheet = lazy(() => loadPaymentCodeSheet().then((m) => ({ default: m.PaymentCodeSheet })));

type CustomerTab = 'home' | 'profile';

const tabClasses =
  'flex flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium text-slate-500 data-[state=active]:text-brand-700 dark:text-slate-400 dark:data-[state=active]:text-brand-500';

interface ScanState {
  open: boolean;
  /** A code to validate as soon as the overlay opens (a payment link). */
  qrData?: string;
  /** Each opening gets a fresh payment screen. */
  round: number;
}

interface CustomerAppProps {
  user: UserView;
  /** The code of the /pay/<token> link this app was opened at, if any (design.md §4). */
  payQrData?: string;
}

/** The code to pay on arrival: the link opened, or one kept across signing in. */
function arrivingPayment(payQrData: string | undefined): string | undefined {
  if (payQrData) return payQrData;
  const token = readPendingPayToken();
  return token ? payLinkQrData(token) : undefined;
}

/** The customer's app: content tabs switched from a bottom bar (spec §2). */
export function CustomerApp({ user, payQrData }: CustomerAppProps) {
  const [tab, setTab] = useState<CustomerTab>('home');
  const [scan, setScan] = useState<ScanState>(() => {
    const qrData = arrivingPayment(payQrData);
    return { open: qrData !== undefined, qrData, round: 0 };
  });
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeWanted, setCodeWanted] = useState(false);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // A repayment the merchant records lands while this screen is open: refresh when it does.
  const livePaused = useLedgerEvents(customerLedgerQueries);

  // Once the home has its data, the payment screen and the code sheet download in the
  // background, so they open at once without competing with the home's first requests.
  const accounts = useCustomerCreditAccounts();
  useEffect(() => {
    if (accounts.isPending) return;
    return whenIdle(() => {
      void loadScanQrOverlay();
      void loadPaymentCodeSheet();
    });
  }, [accounts.isPending]);

  useEffect(() => {
    // The pending payment (if any) is now open, so it must not open again; and the
    // address goes back to the app's own once a payment link has been taken up.
    clearPendingPayToken();
    if (payQrData) navigate('/', { replace: true });
    // Only on arrival.
  }, []);

  const openScan = () => setScan((current) => ({ open: true, round: current.round + 1 }));
  const openCode = () => {
    setCodeWanted(true);
    setCodeOpen(true);
  };

  const refreshing =
    useIsFetching({ queryKey: customerCreditAccountsQueryKey }) +
      useIsFetching({ queryKey: customerTransactionsQueryKey }) >
    0;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: customerCreditAccountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: customerTransactionsQueryKey });
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as CustomerTab)}
      className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col"
    >
      <header className="sticky top-0 z-10 flex h-14 items-center border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <span aria-hidden="true" className="mr-2 flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 font-bold text-white">
          ₹
        </span>
        <h1 className="text-lg font-bold">Khata</h1>
        <button
          type="button"
          aria-label="Refresh"
          aria-busy={refreshing}
          onClick={refresh}
          className="-mr-2 ml-auto flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`h-5 w-5 ${refreshing ? 'animate-spin' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M20 11a8 8 0 0 0-14.9-3.9L4 9M4 4v5h5M4 13a8 8 0 0 0 14.9 3.9L20 15M20 20v-5h-5" />
          </svg>
        </button>
      </header>
      <LiveUpdatesStatus paused={livePaused} />

      <main className="flex-1 px-4 pt-4 pb-28">
        <Tabs.Content value="home" className="focus:outline-none">
          <HomeTab user={user} onScan={openScan} onShowCode={openCode} />
        </Tabs.Content>
        <Tabs.Content value="profile" className="focus:outline-none">
          <ProfileTab user={user} logout={<LogoutButton role="customer" size="lg" />} />
        </Tabs.Content>
      </main>

      <nav className="fixed inset-x-0 bottom-0 z-20 mx-auto w-full max-w-mobile border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900">
        <Tabs.List aria-label="Sections" className="grid h-16 grid-cols-3">
          <Tabs.Trigger value="home" className={tabClasses}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
            </svg>
            Home
          </Tabs.Trigger>
          <span aria-hidden="true" />
          <Tabs.Trigger value="profile" className={`${tabClasses} col-start-3`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21a8 8 0 0 1 16 0" />
            </svg>
            Profile
          </Tabs.Trigger>
        </Tabs.List>
        <button
          type="button"
          aria-label="Scan QR"
          onClick={openScan}
          onPointerEnter={() => void loadScanQrOverlay()}
          className="absolute -top-7 left-1/2 flex h-16 w-16 -translate-x-1/2 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-4 ring-slate-50 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:ring-slate-950"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10" />
          </svg>
        </button>
      </nav>

      {(scan.open || scan.round > 0) && (
        <Suspense fallback={null}>
          <ScanQrOverlay
            key={scan.round}
            open={scan.open}
            onOpenChange={(open) => setScan((current) => ({ ...current, open }))}
            initialQrData={scan.qrData}
          />
        </Suspense>
      )}
      {codeWanted && (
        <Suspense fallback={null}>
          <PaymentCodeSheet open={codeOpen} onOpenChange={setCodeOpen} />
        </Suspense>
      )}
    </Tabs.Root>
  );
}
