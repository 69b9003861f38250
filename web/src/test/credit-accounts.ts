/**
 * A customer's credit account at Kumar & Sons Kirana, owing ₹1,249.90 with a UPI ID to pay
 * back to: one fixture for the dues panel and the pay-back sheet.
 */
import type { CustomerCreditAccount } from '@common/api/types';

export const kumarAccount: CustomerCreditAccount = {
  id: 'acc-kumar',
  businessId: '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b01',
  business: { businessName: 'Kumar & Sons Kirana' },
  currentBalance: '3750.10',
  creditLimit: '5000.00',
  owed: '1249.90',
  overdue: '0.00',
  nextDueOn: '2999-04-12',
  nextDueAmount: '749.90',
  upiId: 'kumar.kirana@okaxis',
  remindersOptedOut: false,
};
