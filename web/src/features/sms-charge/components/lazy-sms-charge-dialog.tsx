/**
 * The charge dialog as the customer list opens it: its code downloads on first use, so the
 * dashboard does not carry it.
 */
import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BusinessCreditAccount } from '@common/api/types';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { withAllTexts } from '@/i18n/home-texts';

const SmsChargeDialog = lazy(withAllTexts(() => import('./sms-charge-dialog').then((m) => ({ default: m.SmsChargeDialog }))));

/** Charge by SMS code for one customer; nothing while `account` is null. */
export function LazySmsChargeDialog({ account, onClose }: { account: BusinessCreditAccount | null; onClose: () => void }) {
  const { t } = useLingui();
  if (account === null) return null;
  return (
    <Suspense fallback={<LoadingSheet label={t`Opening…`} />}>
      <SmsChargeDialog account={account} onClose={onClose} />
    </Suspense>
  );
}
