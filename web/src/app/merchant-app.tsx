import { Trans, useLingui } from '@lingui/react/macro';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { BusinessStatus, MeResponse } from '@common/api/types';
import type { Permission } from '@common/permissions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { useLogOut } from '@/features/auth/api/log-out';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { ShopAccess, useMayDo, useShopRoleLabel } from '@/features/auth/public';
import { ShopPicker, useStaffShops } from '@/features/staff-join/public';
import { useRecentBusinessTransactions } from '@/features/transactions/api/get-business-transactions';
import { usePendingClaims } from '@/features/repayment-claims/api/get-repayment-claims';
import { useOpenReports } from '@/features/payment-reports/api/get-payment-reports';
import { useReportAlerts } from '@/features/payment-reports/public';
import { DashboardTab } from '@/app/screens/merchant/dashboard-tab';
import { businessStatusTones } from '@/features/business/status';
import { SoundUnlockBar } from '@/features/payment-alerts/components/sound-unlock-bar';
import { useClaimAlerts, usePaymentAlerts } from '@/features/payment-alerts/use-payment-alerts';
import { useLedgerStream } from '@/lib/use-ledger-events';
import { afterUsable, useMarkUsable } from '@/lib/after-usable';
import { LiveUpdatesStatus } from '@/components/ui/live-updates-status';
import { staleQueryPrefixes } from './stale-queries';
import { useNoticeSessionEnd } from './use-notice-session-end';
import { withAllTexts } from '@/i18n/home-texts';

// The sheet carries the camera scanner and the generator the QR drawing library; both
// stay out of the first download and are fetched when idle once the dashboard is usable.
const loadAddCreditAccountSheet = () => import('@/features/credit-accounts/components/add-credit-account-sheet');
const AddCreditAccountSheet = lazy(withAllTexts(() => loadAddCreditAccountSheet().then((m) => ({ default: m.AddCreditAccountSheet }))));
const loadQrGenerator = () => import('@/features/qr-codes/components/qr-generator');
const QrGenerator = lazy(withAllTexts(() => loadQrGenerator().then((m) => ({ default: m.QrGenerator }))));
const EnterCounterModeDialog = lazy(withAllTexts(() =>
  import('@/features/counter-mode/components/enter-counter-mode-dialog').then((m) => ({ default: m.EnterCounterModeDialog })),
));
// The Dashboard is the first screen; the other tabs load when first opened, or when the
// browser is next idle once the dashboard is usable (usePreloadSheets).
const loadQrCodesTab = () => import('@/features/qr-codes/components/qr-codes-tab');
const loadHistoryTab = () => import('@/app/screens/merchant/history-tab');
const loadSettingsTab = () => import('@/app/screens/merchant/settings-tab');
const QrCodesTab = lazy(withAllTexts(() => loadQrCodesTab().then((m) => ({ default: m.QrCodesTab }))));
const HistoryTab = lazy(withAllTexts(() => loadHistoryTab().then((m) => ({ default: m.HistoryTab }))));
const SettingsTab = lazy(withAllTexts(() => loadSettingsTab().then((m) => ({ default: m.SettingsTab }))));
const preloadTabs = () => {
  void loadQrCodesTab();
  void loadHistoryTab();
  void loadSettingsTab();
};
// An owner's own screens, opened from Settings: few people open them, so they load then.
const StaffScreen = lazy(withAllTexts(() => import('@/features/staff/public').then((m) => ({ default: m.StaffScreen }))));
const AuditLogScreen = lazy(withAllTexts(() => import('@/features/audit-log/public').then((m) => ({ default: m.AuditLogScreen }))));

/**
 * Counter mode was once only this browser's flag over the merchant's full session. A
 * device left in it when the counter's own session came must not open onto the
 * dashboard: it is signed out, and the merchant signs in and enters counter mode again.
 */
const legacyCounterModeKey = 'khata.counterMode';
const legacyCounterModeOn = () => {
  try {
    return localStorage.getItem(legacyCounterModeKey) === 'on';
  } catch {
    return false;
  }
};

const merchantLedgerQueries = staleQueryPrefixes('merchant-ledger-row');
const merchantClaimQueries = staleQueryPrefixes('merchant-claim-news');
const merchantReportQueries = staleQueryPrefixes('merchant-report-news');
const merchantInvitationQueries = staleQueryPrefixes('merchant-invitation-news');
const ownBusinessQueries = staleQueryPrefixes('own-business-decided');

type MerchantTab = 'dashboard' | 'qr-codes' | 'history' | 'settings';
/** What covers the tabs: the owner's Staff and Audit log screens, or the shop picker. */
type Overlay = 'staff' | 'audit-log' | 'switch-shop' | null;

/**
 * The shop's app (docs/product.md#merchant-app): Dashboard, QR Codes, History and Settings
 * tabs, for the business account and for the people working at the shop, each shown only
 * what their role's permissions open (me.shop.permissions, never the role's name). A staff
 * account working at several shops chooses the shop first.
 */
export function MerchantApp({ me }: { me: MeResponse }) {
  const [legacyCounter] = useState(legacyCounterModeOn);
  if (legacyCounter) return <EndLegacyCounterMode />;
  if (!me.shop && me.user.role === 'staff') return <ChooseShop me={me} />;
  // Each shop afresh: its lists, its alerts' memory and its live stream are that shop's.
  return (
    <ShopAccess permissions={me.shop?.permissions ?? noPermissions}>
      <MerchantDashboard key={me.shop?.memberId} me={me} />
    </ShopAccess>
  );
}

/** A business account without its shop's membership (never after sign-in) may do nothing. */
const noPermissions: readonly Permission[] = [];

/** The header's account control: the business account signs in by e-mail, a staff one by phone. */
const accountRole = (me: MeResponse) => (me.user.role === 'staff' ? 'staff' : 'business');

/** A staff account signed in without a shop: the shops it works at, to choose from. */
function ChooseShop({ me }: { me: MeResponse }) {
  useNoticeSessionEnd(false);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="min-w-0 text-lg font-bold wrap-break-word">{me.user.name}</h1>
        <LogoutButton role={accountRole(me)} className="h-9 px-3 text-xs" />
      </header>
      <main className="flex-1 px-4 py-6">
        <ShopPicker />
      </main>
    </div>
  );
}

function EndLegacyCounterMode() {
  const { mutate: logOut } = useLogOut('/merchant');
  useEffect(() => {
    try {
      localStorage.removeItem(legacyCounterModeKey);
    } catch {
      // Storage refused: the flag cannot be read either.
    }
    logOut();
  }, [logOut]);
  return <FullPageSpinner />;
}

function MerchantDashboard({ me }: { me: MeResponse }) {
  const business = me.business;
  const shop = me.shop;
  const may = useMayDo();
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const queryClient = useQueryClient();
  const statusLabels: Record<BusinessStatus, string> = { pending: t`Pending`, approved: t`Approved`, rejected: t`Rejected` };
  const isStaff = me.user.role === 'staff';
  // "Switch shop" only for a person working at more than one.
  const staffShops = useStaffShops({ enabled: isStaff });
  const canSwitchShop = (staffShops.data?.shops.length ?? 0) > 1;
  const [tab, setTab] = useState<MerchantTab>('dashboard');
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [addingCustomer, setAddingCustomer] = useState(false);
  const [generatingQr, setGeneratingQr] = useState(false);
  // Mounted on first open and kept, so closing animates and reopening is instant.
  const [sheetWanted, setSheetWanted] = useState(false);
  const [generatorWanted, setGeneratorWanted] = useState(false);
  const approved = business?.status === 'approved';
  // Asking for the PIN that starts counter mode; its dialog is fetched on first open.
  const [enteringCounterMode, setEnteringCounterMode] = useState(false);
  const [counterDialogWanted, setCounterDialogWanted] = useState(false);
  const alertPayment = usePaymentAlerts();
  const alertClaim = useClaimAlerts();
  const alertReport = useReportAlerts();
  // Rows already listed when the page opened are not news: after a reconnect the stream
  // replays from a margin before it started, and would announce them again.
  const recent = useRecentBusinessTransactions();
  const listedAtOpen = useRef<ReadonlySet<string> | null>(null);
  if (listedAtOpen.current === null && recent.data) {
    listedAtOpen.current = new Set(recent.data.transactions.map((transaction) => transaction.id));
  }
  // Likewise the claims already waiting when the page opened.
  const claims = usePendingClaims({ enabled: approved && may('claims') });
  const claimsAtOpen = useRef<ReadonlySet<string> | null>(null);
  if (claimsAtOpen.current === null && claims.data) {
    claimsAtOpen.current = new Set(claims.data.claims.map((claim) => claim.id));
  }
  // And the customers' reports already open.
  const reports = useOpenReports({ enabled: approved && may('claims') });
  const reportsAtOpen = useRef<ReadonlySet<string> | null>(null);
  if (reportsAtOpen.current === null && reports.data) {
    reportsAtOpen.current = new Set(reports.data.reports.map((report) => report.id));
  }
  // Payments by customers land while this screen is open: refresh, show and say them. An
  // admin's decision on the business changes the banner and the actions without a reload.
  const liveState = useLedgerStream(merchantLedgerQueries, {
    accountQueryPrefixes: ownBusinessQueries,
    onLedger: (event) => {
      if (event.type === 'adjustment' || listedAtOpen.current?.has(event.transactionId)) return;
      alertPayment(event);
    },
    // A customer's claim: refetch it into the dashboard and chime; it is a repayment only once confirmed.
    claimQueryPrefixes: merchantClaimQueries,
    onClaim: (event) => {
      if (claimsAtOpen.current?.has(event.claimId)) return;
      alertClaim(event);
    },
    // A customer's report on a payment: refetch it into the dashboard and say so.
    reportQueryPrefixes: merchantReportQueries,
    onReport: (event) => {
      if (reportsAtOpen.current?.has(event.reportId)) return;
      alertReport(event);
    },
    // An invited customer accepting (their Invited row becomes their account) or declining.
    invitationQueryPrefixes: merchantInvitationQueries,
    // The person was removed from the shop: app.tsx signs them out and says so.
    onSignedOut: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
  const livePaused = liveState === 'paused';
  useNoticeSessionEnd(livePaused);
  usePreloadSheets(approved, may);

  const openAddCustomer = () => {
    setSheetWanted(true);
    setAddingCustomer(true);
  };
  const openGenerator = () => {
    setGeneratorWanted(true);
    setGeneratingQr(true);
  };
  const openCounterMode = () => {
    setCounterDialogWanted(true);
    setEnteringCounterMode(true);
  };

  const personName = shop?.name ?? me.user.name;
  const roleName = shop ? roleLabel(shop.role) : '';
  const closeOverlay = () => setOverlay(null);

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col">
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        {/* The shop's name has the width beside the buttons to itself and wraps rather than
            being cut; the status badge sits under it (Tamil's "Approved" is a long word). */}
        <div className="min-w-0 flex-1">
          <h1 className="text-lg leading-snug font-bold wrap-break-word">{business?.businessName ?? me.user.name}</h1>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            {business && <Badge tone={businessStatusTones[business.status]}>{statusLabels[business.status]}</Badge>}
            <p className="min-w-0 text-xs wrap-break-word text-slate-500 dark:text-slate-400">
              {/* A person working at the shop sees who they are signed in as there. */}
              {isStaff && shop ? `${personName} · ${roleName}` : <Trans>Merchant Dashboard</Trans>}
            </p>
          </div>
        </div>
        {/* Switch shop over Logout: beside each other they would leave the name little room. */}
        <div className="flex shrink-0 flex-col items-end gap-2">
          {canSwitchShop && overlay !== 'switch-shop' && (
            <Button variant="secondary" className="h-9 px-3 text-xs" onClick={() => setOverlay('switch-shop')}>
              <Trans>Switch shop</Trans>
            </Button>
          )}
          {/* Settings has its own full-width Logout; one is on screen at a time. */}
          {(tab !== 'settings' || overlay !== null) && <LogoutButton role={accountRole(me)} className="h-9 px-3 text-xs" />}
        </div>
      </header>
      <LiveUpdatesStatus paused={livePaused} />
      <SoundUnlockBar />
      {overlay === 'switch-shop' ? (
        <main className="flex-1 space-y-4 px-4 pt-4 pb-10">
          <ShopPicker currentMemberId={shop?.memberId} onPicked={closeOverlay} />
          <Button variant="ghost" size="lg" onClick={closeOverlay}>
            <Trans>Cancel</Trans>
          </Button>
        </main>
      ) : overlay === 'staff' || overlay === 'audit-log' ? (
        <main className="flex-1 px-4 pt-4 pb-10">
          <Suspense fallback={<Spinner className="py-10" />}>
            {overlay === 'staff' ? <StaffScreen onBack={closeOverlay} /> : <AuditLogScreen onBack={closeOverlay} />}
          </Suspense>
        </main>
      ) : business ? (
        <main className="flex-1 px-4 pt-4 pb-10">
          <Tabs value={tab} onValueChange={(value) => setTab(value as MerchantTab)}>
            <TabsList aria-label={t`Sections`} onPointerDownCapture={preloadTabs} onFocusCapture={preloadTabs}>
              <TabsTrigger value="dashboard"><Trans>Dashboard</Trans></TabsTrigger>
              {may('payment_codes') && <TabsTrigger value="qr-codes"><Trans>QR Codes</Trans></TabsTrigger>}
              {may('payments.today') && <TabsTrigger value="history"><Trans>History</Trans></TabsTrigger>}
              <TabsTrigger value="settings"><Trans>Settings</Trans></TabsTrigger>
            </TabsList>
            <TabsContent value="dashboard">
              <DashboardTab
                business={business}
                onCreateCustomer={openAddCustomer}
                onGenerateQr={openGenerator}
                onViewTransactions={() => setTab('history')}
                onOpenCounterMode={openCounterMode}
              />
            </TabsContent>
            {may('payment_codes') && (
              <TabsContent value="qr-codes">
                <Suspense fallback={<Spinner className="py-10" />}>
                  <QrCodesTab approved={approved} onGenerate={openGenerator} />
                </Suspense>
              </TabsContent>
            )}
            {may('payments.today') && (
              <TabsContent value="history">
                <Suspense fallback={<Spinner className="py-10" />}>
                  <HistoryTab />
                </Suspense>
              </TabsContent>
            )}
            <TabsContent value="settings">
              <Suspense fallback={<Spinner className="py-10" />}>
                <SettingsTab
                  business={business}
                  accountRole={accountRole(me)}
                  logout={<LogoutButton role={accountRole(me)} size="lg" />}
                  onOpenStaff={() => setOverlay('staff')}
                  onOpenAuditLog={() => setOverlay('audit-log')}
                />
              </Suspense>
            </TabsContent>
          </Tabs>
        </main>
      ) : (
        <main className="flex-1 px-4 py-6 text-sm text-slate-500"><Trans>This account has no business profile.</Trans></main>
      )}
      {sheetWanted && approved && may('customers') && (
        <Suspense fallback={addingCustomer && <LoadingSheet label={t`Opening…`} />}>
          <AddCreditAccountSheet open={addingCustomer} onOpenChange={setAddingCustomer} />
        </Suspense>
      )}
      {generatorWanted && approved && may('payment_codes') && (
        <Suspense fallback={generatingQr && <LoadingSheet label={t`Opening…`} />}>
          <QrGenerator open={generatingQr} onOpenChange={setGeneratingQr} />
        </Suspense>
      )}
      {counterDialogWanted && approved && may('counter_mode') && (
        <Suspense fallback={enteringCounterMode && <LoadingSheet label={t`Opening…`} />}>
          <EnterCounterModeDialog open={enteringCounterMode} onOpenChange={setEnteringCounterMode} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Once the dashboard's first requests are done, it is usable (lib/after-usable.ts); then
 * the other tabs and the two sheets download in the background, each sheet only for a
 * person who may open it.
 */
function usePreloadSheets(approved: boolean, may: (permission: Permission) => boolean) {
  // Done once they have started and none is left: on the first render none has started yet.
  const fetching = useIsFetching();
  const [started, setStarted] = useState(false);
  if (fetching > 0 && !started) setStarted(true);
  const settled = started && fetching === 0;
  const [preloaded, setPreloaded] = useState(false);
  const customers = may('customers');
  const paymentCodes = may('payment_codes');
  useMarkUsable(settled);
  // Latched: later refetches (every stream event's) must not cancel and restart the wait.
  const [usable, setUsable] = useState(false);
  if (settled && !usable) setUsable(true);
  useEffect(() => {
    if (!usable || preloaded) return;
    return afterUsable(() => {
      preloadTabs();
      if (!approved) return;
      setPreloaded(true);
      if (customers) void loadAddCreditAccountSheet();
      if (paymentCodes) void loadQrGenerator();
    });
  }, [approved, usable, preloaded, customers, paymentCodes]);
}
