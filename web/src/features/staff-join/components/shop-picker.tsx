/**
 * "Choose the shop": a person working at several shops picks the one they are at now,
 * after signing in and whenever they switch. Until then the session acts for none.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useShopRoleLabel } from '@/features/auth/public';
import { useStaffShops } from '@/features/staff-join/api/get-staff-shops';
import { usePickShop } from '@/features/staff-join/api/pick-shop';
import { answerFailedDefault } from '@/features/staff-join/messages';

interface ShopPickerProps {
  /** The membership the session acts as now, marked in the list; none right after sign-in. */
  currentMemberId?: string | null;
  /** The shop was picked; the app redraws for it from the current user. */
  onPicked?: () => void;
}

export function ShopPicker({ currentMemberId = null, onPicked }: ShopPickerProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const shops = useStaffShops();
  const pick = usePickShop();

  const choose = (memberId: string) =>
    pick.mutate(memberId, {
      onSuccess: () => onPicked?.(),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`Could not open the shop`,
          description: serverMessage(error) ?? answerFailedDefault(),
        }),
    });

  return (
    <section aria-labelledby="shop-picker-heading" className="space-y-3">
      <h2 id="shop-picker-heading" className="text-lg font-semibold">
        <Trans>Choose the shop</Trans>
      </h2>
      {shops.isPending ? (
        <Spinner label={t`Loading shops`} className="py-8" />
      ) : shops.isError ? (
        <Card role="alert" className="text-sm text-red-700 dark:text-red-400">
          {serverMessage(shops.error) ?? t`The shops could not be loaded.`}
        </Card>
      ) : shops.data.shops.length === 0 ? (
        <Card className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>You do not work at any shop on Khata now. A shop that invites you again can add you back.</Trans>
        </Card>
      ) : (
        <ul className="space-y-2">
          {shops.data.shops.map((shop) => {
            const current = shop.memberId === currentMemberId;
            return (
              <li key={shop.memberId}>
                <button
                  type="button"
                  disabled={pick.isPending}
                  aria-current={current || undefined}
                  onClick={() => choose(shop.memberId)}
                  className="flex w-full items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{shop.businessName}</span>
                    <span className="block text-sm text-slate-500 dark:text-slate-400">{roleLabel(shop.role)}</span>
                  </span>
                  {current && (
                    <span className="shrink-0 text-xs font-medium text-brand-700 dark:text-brand-500"><Trans>Now</Trans></span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
