/** Routing (spec §2): what each path shows, signed in or not. */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useRoute } from 'wouter';
import type { MeResponse } from '../../../common/api-types';
import { FullPageSpinner } from '../components/ui/spinner';
import { currentUserQueryKey, useCurrentUser } from '../features/auth/api/get-current-user';
import { payLinkQrData, rememberPayToken } from '../features/payment/pay-link';
import { CustomerApp } from './customer-app';
import { AdminLogin } from './routes/admin-login';
import { CustomerLogin } from './routes/customer-login';
import { MerchantLogin } from './routes/merchant-login';
import { NotFound } from './routes/not-found';

// Merchants and admins are few; their code stays out of the customer's download.
const MerchantApp = lazy(() => import('./merchant-app').then((m) => ({ default: m.MerchantApp })));
const AdminDashboard = lazy(() => import('./admin-dashboard').then((m) => ({ default: m.AdminDashboard })));

/** Paths that show the signed-in user's own app. */
const appPaths: ReadonlySet<string> = new Set(['/', '/dashboard', '/cust', '/merchant', '/admin']);

export function App() {
  const me = useCurrentUser();
  if (me.isPending) return <FullPageSpinner />;
  // A failed me-call (server down) leaves the visitor signed out; signing in reports it.
  return me.data ? <SignedIn me={me.data} /> : <SignedOut />;
}

function SignedOut() {
  return (
    <Switch>
      <Route path="/cust" component={CustomerLogin} />
      <Route path="/merchant" component={MerchantLogin} />
      <Route path="/admin" component={AdminLogin} />
      <Route path="/pay/:token">{(params) => <KeepPayLinkForSignIn token={params.token} />}</Route>
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
 * A payment link opened signed out (design.md §4): the token waits in sessionStorage
 * while the visitor signs in or registers at /cust, then the customer app resumes it.
 */
function KeepPayLinkForSignIn({ token }: { token: string }) {
  const [kept, setKept] = useState(false);
  useLayoutEffect(() => {
    rememberPayToken(token);
    setKept(true);
  }, [token]);
  return kept ? <Redirect to="/cust" replace /> : null;
}

function SignedIn({ me }: { me: MeResponse }) {
  const [location] = useLocation();
  const [isPayLink, payLink] = useRoute<{ token: string }>('/pay/:token');
  // A payment link opens the customer's payment screen; other roles cannot pay.
  if (isPayLink) {
    return me.user.role === 'customer' ? <CustomerApp user={me.user} payQrData={payLinkQrData(payLink.token)} /> : <NotFound />;
  }
  if (!appPaths.has(location)) return <NotFound />;
  switch (me.user.role) {
    case 'customer':
      return <CustomerApp user={me.user} />;
    case 'business':
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
    default:
      return <NotFound />;
  }
}
