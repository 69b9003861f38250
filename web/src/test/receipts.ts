/**
 * A customer's payment to Kumar Kirana as its ledger row, and its receipt as text, as it is
 * shared, copied or sent by WhatsApp: one fixture for the success screen and the receipt.
 */
import { expect } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { untouchedRow } from '@/test/ledger-rows';

export const paidRow: TransactionView = {
  id: '0194f1c2-7b3d-7e21-9a4f-0c8e9f3a1c07', type: 'payment', amount: '1250.00', fee: '25.00', totalAmount: '1275.00',
  status: 'completed', createdAt: '2025-01-12T10:15:00.000Z', businessId: 'b1',
  business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: null, availableCredit: '3725.00', ...untouchedRow,
};

/** `paidRow`'s receipt, a line each: the shop's address and phone, and the short reference of its id. */
export const paidReceiptLines = [
  'Khata receipt',
  'Shop: Kumar Kirana',
  'Address: 12 MG Road, Pune',
  'Phone: +919876543210',
  'Type: Payment',
  'Amount: ₹1,250.00',
  'Fee: ₹25.00',
  'Total: ₹1,275.00',
  expect.stringMatching(/^Date and time: 12 Jan 2025, 3:45\s?pm$/i),
  'Reference: 9F3A-1C07',
  'Available credit after this payment: ₹3,725.00',
];
