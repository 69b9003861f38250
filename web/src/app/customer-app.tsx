import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import type { UserView } from '../../../common/api-types';
import { LogoutButton } from '../features/auth/components/logout-button';
import { HomeTab } from '../features/customer-home/components/home-tab';
import { ProfileTab } from '../features/profile/components/profile-tab';

type CustomerTab = 'home' | 'profile';

const tabClasses =
  'flex flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium text-slate-500 data-[state=active]:text-brand-700 dark:text-slate-400 dark:data-[state=active]:text-brand-500';

/** The customer's app: content tabs switched from a bottom bar (spec §2). */
export function CustomerApp({ user }: { user: UserView }) {
  const [tab, setTab] = useState<CustomerTab>('home');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as CustomerTab)}
      className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col"
    >
      <header className="sticky top-0 z-10 flex h-14 items-center border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        <span aria-hidden="true" className="mr-2 flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 font-bold text-white">
          ₹
        </span>
        <h1 className="text-lg font-bold">Khata</h1>
      </header>

      <main className="flex-1 px-4 pt-4 pb-28">
        <Tabs.Content value="home" className="focus:outline-none">
          <HomeTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="profile" className="focus:outline-none">
          <ProfileTab user={user} logout={<LogoutButton role="customer" size="lg" />} />
        </Tabs.Content>
      </main>

      <nav className="fixed inset-x-0 bottom-0 z-20 mx-auto w-full max-w-[480px] border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900">
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
        {/* The payment flow opens from here in a later issue. */}
        <button
          type="button"
          disabled
          aria-label="Scan QR"
          title="Payments arrive soon"
          className="absolute -top-7 left-1/2 flex h-16 w-16 -translate-x-1/2 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg ring-4 ring-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:ring-slate-950"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10" />
          </svg>
        </button>
      </nav>
    </Tabs.Root>
  );
}
