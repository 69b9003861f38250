import { Trans, useLingui } from '@lingui/react/macro';
import type { UserView } from '@common/api/types';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { LanguagePicker } from '@/components/ui/language-picker';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AllBusinessesTab } from '@/features/admin/components/all-businesses-tab';
import { AnalyticsTab } from '@/features/admin/components/analytics-tab';
import { ApprovalsPanel } from '@/features/admin/components/approvals-panel';
import { OverviewTab } from '@/features/admin/components/overview-tab';
import { SecurityTab } from '@/features/admin/components/security-tab';
import { useAdminStats } from '@/features/admin/api/get-admin-stats';
import { LogoutButton } from '@/features/auth/components/logout-button';

/**
 * The admin's dashboard (docs/product.md#admin-dashboard): Overview, Business Approvals, All Businesses,
 * Analytics; then Khata's own addition, Security (Change PIN, Unlock Account).
 */
export function AdminDashboard({ user }: { user: UserView }) {
  // The number of applications waiting, from the counts; refetched after every decision.
  const pendingCount = useAdminStats().data?.stats.pendingBusinesses ?? 0;
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
          <TabsList aria-label={t`Admin sections`}>
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
            <ApprovalsPanel />
          </TabsContent>
          <TabsContent value="businesses">
            <AllBusinessesTab />
          </TabsContent>
          <TabsContent value="analytics">
            <AnalyticsTab />
          </TabsContent>
          <TabsContent value="security">
            <SecurityTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
