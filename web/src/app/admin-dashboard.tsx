import type { UserView } from '../../../common/api-types';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { LogoutButton } from '../features/auth/components/logout-button';

/** The admin's dashboard. Its tabs (Overview, Approvals, Businesses, Analytics) come next. */
export function AdminDashboard({ user }: { user: UserView }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0">
          <h1 className="text-lg font-bold">Admin Dashboard</h1>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ThemeToggle />
          <LogoutButton role="admin" />
        </div>
      </header>
      <main className="flex-1 px-4 py-6" />
    </div>
  );
}
