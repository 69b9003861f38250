import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import type { UserView } from '@common/api/types';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { useCustomerCreditAccounts } from '@/features/credit-accounts/api/get-customer-credit-accounts';
import { HomeTab } from '@/app/screens/customer/home-tab';
import { accountPath, accountRoute, takePendingAccount } from '@/features/credit-accounts/account-path';
import { clearPendingPayToken, payLinkQrData, readPendingPayToken } from '@/features/payment/pay-link';
import { clearPendingReminderCode, readPendingReminderCode } from '@/features/reminder-link/pending-reminder-code';
import { invitationPath, invitationRoute, takePendingInvitationCode } from '@/features/invitation-link/invitation-link';
import { useCustomerNotices } from '@/features/transactions/public';
import { useLedgerEvents } from '@/lib/use-ledger-events';
import { LiveUpdatesStatus } from '@/components/ui/live-updates-status';
import { CustomerBottomBar } from './customer-bottom-bar';
import { CustomerHeader } from './customer-header';
import { staleQueryPrefixes } from './stale-queries';
import { CustomerOverlays, loadScanQrOverlay, usePreloadOverlays, type ScanState } from './customer-overlays';
import { withAllTexts } from '@/i18n/home-texts';

// The Profile tab is not the first screen: it loads when first opened, or when idle once
// the home is usable (usePreloadOverlays).
const loadProfileTab = () => import('@/features/profile/components/profile-tab');
const ProfileTab = lazy(withAllTexts(() => loadProfileTab().then((m) => ({ default: m.ProfileTab }))));
// The account screen at one merchant loads when first opened.
const loadAccountScreen = () => import('@/app/screens/customer/account-screen');
const AccountScreen = lazy(withAllTexts(() => loadAccountScreen().then((m) => ({ default: m.AccountScreen }))));
// A reminder SMS's link is followed by a screen of its own, loaded only when one is opened.
const FollowReminderLink = lazy(withAllTexts(() =>
  import('@/features/reminder-link/components/follow-reminder-link').then((m) => ({ default: m.FollowReminderLink })),
));
// So is an invitation's link (/i/<code>), where the customer accepts or declines a shop's offer.
const InvitationLinkPage = lazy(withAllTexts(() =>
  import('@/features/invitation-link/components/invitation-link-page').then((m) => ({ default: m.InvitationLinkPage })),
));

const customerLedgerQueries = staleQueryPrefixes('customer-ledger-row');
const customerClaimQueries = staleQueryPrefixes('customer-claim-news');
const customerReportQueries = staleQueryPrefixes('customer-report-news');
const customerInvitationQueries = staleQueryPrefixes('customer-invitation-news');

type CustomerTab = 'home' | 'profile';

interface CustomerAppProps {
  user: UserView;
  /** The code of the /pay/<token> link this app was opened at, if any. */
  payQrData?: string;
  /** The code of the reminder link (/r/<code>) this app was opened at, if any. */
  reminderCode?: string;
}

/** The code to pay on arrival: the link opened, or one kept across signing in. */
function arrivingPayment(payQrData: string | undefined): string | undefined {
  if (payQrData) return payQrData;
  const token = readPendingPayToken();
  return token ? payLinkQrData(token) : undefined;
}

/** The customer's app: content tabs switched from a bottom bar (docs/product.md#customer-app). */
export function CustomerApp({ user, payQrData, reminderCode }: CustomerAppProps) {
  const [tab, setTab] = useState<CustomerTab>('home');
  const [scan, setScan] = useState<ScanState>(() => {
    const qrData = arrivingPayment(payQrData);
    return { open: qrData !== undefined, qrData, round: 0 };
  });
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeWanted, setCodeWanted] = useState(false);
  // A repayment the merchant records lands while this screen is open: refresh when it does.
  // A refund, a reversal or a declined report is also said in a toast.
  const notices = useCustomerNotices();
  const livePaused = useLedgerEvents(customerLedgerQueries, {
    claimQueryPrefixes: customerClaimQueries,
    reportQueryPrefixes: customerReportQueries,
    invitationQueryPrefixes: customerInvitationQueries,
    onLedger: notices.onLedger,
    onReport: notices.onReport,
  });
  // Once the home has its data, so the overlays do not compete with its first requests.
  usePreloadOverlays(!useCustomerCreditAccounts().isPending, loadProfileTab);
  useTakeUpPayLink(payQrData);
  const reminder = useReminderLink(reminderCode, payQrData);
  useResumeAccount(payQrData, reminder.code);
  const [onAccount, account] = useRoute<{ businessId: string }>(accountRoute);
  const [onInvitation, invitation] = useRoute<{ code: string }>(invitationRoute);
  const [, navigate] = useLocation();
  // An invitation accepted at its link: its new account opens in the link's place.
  const openAccount = (businessId: string) => navigate(accountPath(businessId), { replace: true });
  const payBackFor = usePayBackOnArrival(onAccount, reminder.payBackFor);

  const openScan = () => setScan((current) => ({ open: true, round: current.round + 1 }));
  const openCode = () => {
    setCodeWanted(true);
    setCodeOpen(true);
  };

  if (reminder.code !== null) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <FollowReminderLink code={reminder.code} onFound={reminder.open} onLeave={reminder.leave} />
      </Suspense>
    );
  }

  if (onInvitation) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <InvitationLinkPage code={invitation.code} user={user} onAccepted={openAccount} />
      </Suspense>
    );
  }

  // The account screen stands in for the tabs; this app (its tab, its live updates) stays.
  if (onAccount) {
    return (
      <div className="mx-auto w-full max-w-mobile">
        <LiveUpdatesStatus paused={livePaused} />
        <Suspense fallback={<FullPageSpinner />}>
          <AccountScreen businessId={account.businessId} payBackOnArrival={payBackFor === account.businessId} />
        </Suspense>
      </div>
    );
  }

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as CustomerTab)}
      className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col"
    >
      <CustomerHeader />
      <LiveUpdatesStatus paused={livePaused} />
      <main className="flex-1 px-4 pt-4 pb-28">
        <Tabs.Content value="home" className="focus:outline-none">
          <HomeTab user={user} onScan={openScan} onShowCode={openCode} />
        </Tabs.Content>
        <Tabs.Content value="profile" className="focus:outline-none">
          <Suspense fallback={<Spinner className="py-10" />}>
            <ProfileTab user={user} logout={<LogoutButton role="customer" size="lg" />} />
          </Suspense>
        </Tabs.Content>
      </main>
      <CustomerBottomBar onScan={openScan} onScanHint={() => void loadScanQrOverlay()} />
      <CustomerOverlays
        scan={scan}
        onScanOpenChange={(open) => setScan((current) => ({ ...current, open }))}
        codeWanted={codeWanted}
        codeOpen={codeOpen}
        onCodeOpenChange={setCodeOpen}
      />
    </Tabs.Root>
  );
}

/**
 * The pending payment (if any) is now open, so it must not open again; and the address
 * goes back to the app's own once a payment link has been taken up. Only on arrival.
 */
function useTakeUpPayLink(payQrData: string | undefined) {
  const [, navigate] = useLocation();
  useEffect(() => {
    clearPendingPayToken();
    if (payQrData) navigate('/', { replace: true });
  }, []);
}

/**
 * An account screen opened signed out opens once signed in, or else an invitation's link
 * left for signing in ("I already have Khata"), which the customer then accepts there; a
 * payment link or a reminder link arriving at the same time goes first. Only on arrival:
 * both are forgotten, so each is resumed once.
 */
function useResumeAccount(payQrData: string | undefined, reminderCode: string | null) {
  const [, navigate] = useLocation();
  useEffect(() => {
    const businessId = takePendingAccount();
    const invitationCode = takePendingInvitationCode();
    if (payQrData || reminderCode !== null) return;
    if (businessId) navigate(accountPath(businessId), { replace: true });
    else if (invitationCode) navigate(invitationPath(invitationCode), { replace: true });
  }, []);
}

/**
 * A reminder SMS's link, opened here (/r/<code>) or kept across signing in: while `code`
 * is set it is being followed. Found, its account opens with Pay back ready (`payBackFor`,
 * the shop's id); "Go to my accounts" leads home. A payment link arriving at the same time
 * (opened, or kept across signing in too) goes first. The kept code is forgotten on
 * arrival, so it is followed once.
 */
function useReminderLink(reminderCode: string | undefined, payQrData: string | undefined) {
  const [, navigate] = useLocation();
  const [code, setCode] = useState<string | null>(
    () => reminderCode ?? (arrivingPayment(payQrData) === undefined ? readPendingReminderCode() : null),
  );
  const [payBackFor, setPayBackFor] = useState<string | null>(null);
  useEffect(() => clearPendingReminderCode(), []);
  // The account screen's code starts loading while the link is asked about.
  useEffect(() => {
    if (code !== null) void loadAccountScreen();
  }, [code]);
  return {
    code,
    payBackFor,
    open: (target: { businessId: string }) => {
      setCode(null);
      setPayBackFor(target.businessId);
      navigate(accountPath(target.businessId), { replace: true });
    },
    leave: () => {
      setCode(null);
      navigate('/', { replace: true });
    },
  };
}

/**
 * Pay back opens on arrival at the account a reminder link led to, and only then: once the
 * customer leaves that account screen, coming back to it shows the screen as usual.
 */
function usePayBackOnArrival(onAccount: boolean, payBackFor: string | null): string | null {
  const [left, setLeft] = useState(false);
  const wasOnAccount = useRef(onAccount);
  useEffect(() => {
    if (wasOnAccount.current && !onAccount) setLeft(true);
    wasOnAccount.current = onAccount;
  }, [onAccount]);
  return left ? null : payBackFor;
}
