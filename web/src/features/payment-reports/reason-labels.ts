/** A report's reason in the words both sides read (docs/product.md#refunds-and-reports). */
import { useLingui } from '@lingui/react/macro';
import type { PaymentReportReason } from '@common/api/types';

export function useReportReasonLabels(): Record<PaymentReportReason, string> {
  const { t } = useLingui();
  return {
    not_me: t`Not me`,
    wrong_amount: t`Wrong amount`,
    goods_returned: t`Goods returned`,
    other: t`Other`,
  };
}
