import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { UserView } from '@common/api/types';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { LanguagePicker } from '@/components/ui/language-picker';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OverviewTab } from '@/features/admin/components/overview-tab';
import { useAdminStats } from '@/features/admin/api/get-admin-stats';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { afterUsable, useMarkUsable } from '@/lib/after-usable';
import { withAllTexts } from '@/i18n/home-texts';

// The Overview is the first screen; the other tabs load when first opened, or when the
// browser is next idle once the overview is usable (lib/after-usable.ts; the tab list's
// first touch preloads them).
const loadApprovalsPanel = () => import('@/features/admin/components/approvals-panel');
const loadAllBusinessesTab = () => import('@/features/admin/components/all-businesses-tab');
const loadAnalyticsTab = () => import('@/features/admin/components/analytics-tab');
const loadSecurityTab = () => import('@/features/admin/components/security-tab');
const ApprovalsPanel = lazy(withAllTexts(() => loadApprovalsPanel().then((m) => ({ default: m.ApprovalsPanel }))));
const AllBusinessesTab = lazy(withAllTexts(() => loadAllBusinessesTab().then((m) => ({ default: m.AllBusinessesTab }))));
const AnalyticsTab = lazy(withAllTexts(() => loadAnalyticsTab().then((m) => ({ default: m.AnalyticsTab }))));
const SecurityTab = lazy(withAllTexts(() => loadSecurityTab().then((m) => ({ default: m.SecurityTab }))));
const preloadTabs = () => {
  void loadApprovalsPanel();
  void loadAllBusinessesTab();
  void loadAnalyticsTab();
  void loadSecurityTab();
};

const Later = ({ children }: { children: ReactNode }) => <Suspense fallback={<Spinner className="py-10" />}>{children}</Suspense>;

/**
 * The admin's dashboard (docs/product.md#admin-dashboard): Overview, Business Approvals, All Businesses,
 * Analytics; then Khata's own addition, Security (Change PIN, Unlock Account).
 */
export function AdminDashboard({ user }: { user: UserView }) {
  // The number of applications waiting, from the counts; refetched after every decision.
  const stats = useAdminStats();
  const pendingCount = stats.data?.stats.pendingBusinesses ?? 0;
  // Shown with its figures, or with what went wrong: either way the home is usable.
  const overviewShown = !stats.isPending;
  useMarkUsable(overviewShown);
  useEffect(() => (overviewShown ? afterUsable(preloadTabs) : undefined), [overviewShown]);
  const { t } = useLingui();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col">
      {/* The controls move under the title when a language's words leave it too little room. */}
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-28 flex-1 basis-0">
          <h1 className="text-lg font-bold"><Trans>Admin Dashboard</Trans></h1>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <LanguagePicker />
          <ThemeToggle />
          <LogoutButton role="admin" />
        </div>
      </header>
      <main className="flex-1 px-4 py-4">
        <Tabs defaultValue="overview">
          <TabsList aria-label={t`Admin sections`} onPointerDownCapture={preloadTabs} onFocusCapture={preloadTabs}>
            <TabsTrigger value="overview"><Trans>Overview</Trans></TabsTrigger>
            {/* The name starts with what the tab shows, count included, then says what it counts
                (WCAG 2.5.3: axe's label-content-name-mismatch; brackets would break the match). */}
            <TabsTrigger
              value="approvals"
              aria-label={pendingCount > 0 ? t`Business Approvals ${pendingCount} pending` : undefined}
            >
              <Trans>Business Approvals</Trans>
              {/* The space keeps the visible text "Business Approvals 3", as in the name. */}
              {pendingCount > 0 && ' '}
              {pendingCount > 0 && (
                <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-700 px-1.5 text-xs leading-5 font-semibold text-white">
                  {pendingCount}
                </span>
              )}
            </TabsTrigger>
            <TabsTrigger value="businesses"><Trans>All Businesses</Trans></TabsTrigger>
            <TabsTrigger value="analytics"><Trans>Analytics</Trans></TabsTrigger>
            <TabsTrigger value="security"><Trans>Security</Trans></TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="approvals">
            <Later>
              <ApprovalsPanel />
            </Later>
          </TabsContent>
          <TabsContent value="businesses">
            <Later>
              <AllBusinessesTab />
            </Later>
          </TabsContent>
          <TabsContent value="analytics">
            <Later>
              <AnalyticsTab />
            </Later>
          </TabsContent>
          <TabsContent value="security">
            <Later>
              <SecurityTab />
            </Later>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
