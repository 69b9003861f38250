/**
 * The customer's buttons on a payment's row and receipt: "Report a problem". A report that
 * froze the Khata has ended every session on the server, so this phone signs out to the
 * login, where signing in says the Khata is frozen until the PIN is reset.
 */
import { useCallback } from 'react';
import { useLogOut } from '@/features/auth/api/log-out';
import { ReportProblemButton } from '@/features/payment-reports/public';
import type { TransactionActions } from '@/features/transactions/public';

export function useReportActions(): TransactionActions {
  const { mutate: logOut } = useLogOut('/cust');
  return useCallback(
    (transaction) => <ReportProblemButton transaction={transaction} onFroze={() => logOut()} />,
    [logOut],
  );
}
