/**
 * Each signed-in role's app chunk, by the role's name. app.tsx renders them; start-up
 * (main.tsx) starts the stored session's one downloading beside the question who is signed
 * in, so the home does not wait for the answer and then for its code.
 */
import { loadCustomerApp } from './load-customer-app';

export const loadMerchantApp = () => import('./merchant-app');
export const loadAdminDashboard = () => import('./admin-dashboard');
export const loadCounterApp = () => import('./counter-app');

const roleApps: Record<string, () => Promise<unknown>> = {
  customer: loadCustomerApp,
  business: loadMerchantApp,
  staff: loadMerchantApp,
  admin: loadAdminDashboard,
  counter: loadCounterApp,
};

/** Starts downloading `role`'s app, if it names one. */
export function preloadRoleApp(role: string | null): void {
  const load = role === null ? undefined : roleApps[role];
  if (load) void load().catch(() => {});
}
