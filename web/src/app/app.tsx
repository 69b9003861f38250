/** Routing (docs/product.md#routes): what each path shows, signed in or not. */
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Redirect, Route, Switch, useLocation, useRoute } from 'wouter';
import type { MeResponse } from '@common/api/types';
import { FullPageSpinner } from '@/components/ui/spinner';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { forgetSession } from '@/features/auth/api/log-out';
import { prefetchCustomerHome } from '@/app/prefetch-customer-home';
import { isCounterDevice } from '@/features/counter-mode/counter-device';
import { rememberAccount } from '@/features/credit-accounts/account-link';
import { accountPath } from '@/features/credit-accounts/account-path';
import { payLinkQrData, rememberPayToken } from '@/features/payment/pay-link';
import { rememberReminderCode } from '@/features/reminder-link/reminder-link';
import { invitationRoute } from '@/features/invitation-link/invitation-link';
import { useLanguageFollowsUser } from '@/features/auth/use-language-follows-user';
import { rememberSessionRole } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { loadCustomerApp } from './load-customer-app';
import { loadAdminDashboard, loadCounterApp, loadMerchantApp } from './load-role-app';
import { CustomerLogin } from './routes/customer-login';
import { NotFound } from './routes/not-found';
import { withAllTexts } from '@/i18n/home-texts';
import { appPaths } from '@/lib/app-paths';

// The signed-in apps load once the current user is known, so /cust carries none of
// their code. Merchants and admins are few: their logins and apps stay out of it too.
const CustomerApp = lazy(() => loadCustomerApp().then((m) => ({ default: m.CustomerApp })));
const MerchantLogin = lazy(withAllTexts(() => import('./routes/merchant-login').then((m) => ({ default: m.MerchantLogin }))));
// A staff invitation's link: a page of its own, signed in or out, loaded only there.
const MerchantJoin = lazy(withAllTexts(() => import('./routes/merchant-join').then((m) => ({ default: m.MerchantJoin }))));
const AdminLogin = lazy(withAllTexts(() => import('./routes/admin-login').then((m) => ({ default: m.AdminLogin }))));
const MerchantApp = lazy(() => loadMerchantApp().then((m) => ({ default: m.MerchantApp })));
const AdminDashboard = lazy(() => loadAdminDashboard().then((m) => ({ default: m.AdminDashboard })));
// A counter session boots straight into counter mode, with none of the dashboard's code.
const CounterApp = lazy(withAllTexts(() => loadCounterApp().then((m) => ({ default: m.CounterApp }))));
const CounterEnded = lazy(withAllTexts(() => import('@/features/counter-mode/components/counter-ended').then((m) => ({ default: m.CounterEnded }))));
// An invitation's link is a page of its own, for visitors signed out too; loaded only there.
const InvitationLinkPage = lazy(withAllTexts(() =>
  import('@/features/invitation-link/components/invitation-link-page').then((m) => ({ default: m.InvitationLinkPage })),
));

const merchantJoinPath = '/merchant/join';

export function App() {
  const me = useCurrentUser();
  const counterEnded = useCounterSessionEnded(me.data);
  const shopSession = useShopSessionEnded(me.data);
  if (me.isPending) return <FullPageSpinner />;
  if (counterEnded) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <CounterEnded />
      </Suspense>
    );
  }
  if (shopSession.ended) return <ShopSessionEnded onHandled={shopSession.handled} />;
  // A failed me-call (server down) leaves the visitor signed out; signing in reports it.
  return me.data ? <SignedIn me={me.data} /> : <SignedOut />;
}

/**
 * Whether the counter's session has just ended some other way than its exit:
 * the user was the counter and is now nobody. The counter then says so and offers the
 * merchant's sign-in, where it would otherwise fall to the customers' login.
 */
function useCounterSessionEnded(me: MeResponse | null | undefined): boolean {
  const wasCounter = useRef(false);
  if (me) wasCounter.current = me.user.role === 'counter';
  // After a reload the memory is gone: the browser remembers it is a counter.
  return me === null && (wasCounter.current || isCounterDevice());
}

/**
 * Whether a shop's session (a business or a staff account's) has just ended some other way
 * than its sign-out here (which reloads the page first): the live stream said `signed_out`
 * (a staff member removed from the shop), or the current user was asked again and nobody is
 * signed in. The app then forgets the session as a sign-out does and opens the merchant's
 * sign-in, saying so, where it would otherwise fall to the customers' login.
 */
function useShopSessionEnded(me: MeResponse | null | undefined): { ended: boolean; handled: () => void } {
  const [shopShown, setShopShown] = useState(false);
  // A counter's session is no shop person's: its end is counter mode's to say.
  const isShop = me?.user.role === 'business' || me?.user.role === 'staff';
  if (me && isShop !== shopShown) setShopShown(isShop);
  return { ended: shopShown && me === null, handled: () => setShopShown(false) };
}

function ShopSessionEnded({ onHandled }: { onHandled: () => void }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { t } = useLingui();
  useLayoutEffect(() => {
    void forgetSession(queryClient);
    // Nobody is signed in, as the server said: the sign-in shows without asking again.
    queryClient.setQueryData(currentUserQueryKey, null);
    navigate('/merchant', { replace: true });
    toast({ title: t`You have been signed out` });
    onHandled();
  }, []);
  return <FullPageSpinner />;
}

/** A staff invitation's page, for whoever opens its link. */
function MerchantJoinPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MerchantJoin />
    </Suspense>
  );
}

function SignedOut() {
  return (
    <Switch>
      <Route path="/cust" component={CustomerLogin} />
      <Route path={merchantJoinPath} component={MerchantJoinPage} />
      <Route path="/merchant">
        <Suspense fallback={<FullPageSpinner />}>
          <MerchantLogin />
        </Suspense>
      </Route>
      <Route path="/admin">
        <Suspense fallback={<FullPageSpinner />}>
          <AdminLogin />
        </Suspense>
      </Route>
      <Route path="/pay/:token">{(params) => <KeepForSignIn keep={() => rememberPayToken(params.token)} />}</Route>
      <Route path="/accounts/:businessId">{(params) => <KeepForSignIn keep={() => rememberAccount(params.businessId)} />}</Route>
      <Route path="/r/:code">{(params) => <KeepForSignIn keep={() => rememberReminderCode(params.code)} />}</Route>
      {/* Not kept for sign-in: the page shows the offer to whoever opens it, signed out too. */}
      <Route path={invitationRoute}>{(params) => <SignedOutInvitation code={params.code} />}</Route>
      <Route component={RedirectToCustomerLogin} />
    </Switch>
  );
}

/**
 * "/" and unknown paths lead to /cust when signed out. Right after a sign-in the cache
 * already holds the user while this tree has not yet re-rendered; redirecting then would
 * undo the sign-in's navigation to "/", so wait for the signed-in tree instead.
 */
function RedirectToCustomerLogin() {
  const queryClient = useQueryClient();
  if (queryClient.getQueryData(currentUserQueryKey)) return <FullPageSpinner />;
  return <Redirect to="/cust" replace />;
}

/**
 * A payment link, an account screen or a reminder's link opened signed out: what
 * it names waits in sessionStorage while the visitor signs in or registers at /cust,
 * then the customer app resumes it.
 */
function KeepForSignIn({ keep }: { keep: () => void }) {
  const [kept, setKept] = useState(false);
  useLayoutEffect(() => {
    keep();
    setKept(true);
  }, []);
  return kept ? <Redirect to="/cust" replace /> : null;
}

/**
 * An invitation's link opened signed out: the offer, with registering or signing in to
 * accept it. Registered there and accepted, the new customer lands on the new account.
 */
function SignedOutInvitation({ code }: { code: string }) {
  const [, navigate] = useLocation();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <InvitationLinkPage code={code} user={null} onAccepted={(businessId) => navigate(accountPath(businessId), { replace: true })} />
    </Suspense>
  );
}

function SignedIn({ me }: { me: MeResponse }) {
  useLanguageFollowsUser(me);
  // The next start loads this role's app beside the question who is signed in.
  useEffect(() => rememberSessionRole(me.user.role), [me.user.role]);
  const [location] = useLocation();
  const [isPayLink, payLink] = useRoute<{ token: string }>('/pay/:token');
  const [isReminderLink, reminderLink] = useRoute<{ code: string }>('/r/:code');
  // An invitation's link, like the account screen, is the customer app's own: the app routes it.
  const [isInvitationLink] = useRoute(invitationRoute);
  // The customer's account screen is the customer app's own: the app routes it.
  const [isAccount] = useRoute('/accounts/:businessId');
  // Signed in or not, a staff invitation's link opens the join page: a person already
  // working at one shop is invited by another, and accepting signs them in there.
  if (location === merchantJoinPath) return <MerchantJoinPage />;
  // A payment link opens the customer's payment screen; other roles cannot pay.
  if (isPayLink) {
    return me.user.role === 'customer' ? (
      <LoadCustomerApp user={me.user} payQrData={payLinkQrData(payLink.token)} />
    ) : (
      <NotFound />
    );
  }
  // A reminder SMS's link opens the customer's account at that shop, ready to pay back.
  if (isReminderLink) {
    return me.user.role === 'customer' ? <LoadCustomerApp user={me.user} reminderCode={reminderLink.code} /> : <NotFound />;
  }
  if (!appPaths.has(location) && !((isAccount || isInvitationLink) && me.user.role === 'customer')) return <NotFound />;
  switch (me.user.role) {
    case 'customer':
      return <LoadCustomerApp user={me.user} />;
    case 'business':
    case 'staff':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <MerchantApp me={me} />
        </Suspense>
      );
    case 'admin':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <AdminDashboard user={me.user} />
        </Suspense>
      );
    case 'counter':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <CounterApp me={me} />
        </Suspense>
      );
    default:
      return <NotFound />;
  }
}

/** The customer app, its code and its home's data loading side by side. */
function LoadCustomerApp(props: ComponentProps<typeof CustomerApp>) {
  const queryClient = useQueryClient();
  useEffect(() => prefetchCustomerHome(queryClient), [queryClient]);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <CustomerApp {...props} />
    </Suspense>
  );
}
