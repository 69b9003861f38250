import type { MeResponse } from '../../../common/api-types';
import { Badge } from '../components/ui/badge';
import { LogoutButton } from '../features/auth/components/logout-button';
import { capitalise } from '../lib/format';

const statusTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** The merchant's app. Its tabs (Dashboard, QR Codes, History, Settings) come next. */
export function MerchantApp({ me }: { me: MeResponse }) {
  const business = me.business;
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold">{business?.businessName ?? me.user.name}</h1>
          <p className="text-xs text-slate-500 dark:text-slate-400">Merchant Dashboard</p>
        </div>
        {business && <Badge tone={statusTones[business.status]}>{capitalise(business.status)}</Badge>}
      </header>
      <main className="flex-1 px-4 py-6">
        <LogoutButton role="business" size="lg" />
      </main>
    </div>
  );
}
