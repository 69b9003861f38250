import { describe, expect, it } from 'vitest';
import { auditActions, type AuditAction } from '@common/schemas/staff';
import type { AuditEntry } from '@/features/audit-log/api/get-audit-log';
import type { ShopRole } from '@common/permissions';
import { actionLabel, auditLine as auditLineWith } from './audit-lines';

/** The role names as the app's useShopRoleLabel says them in English. */
const roleNames: Record<ShopRole, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };
const auditLine = (entry: AuditEntry) => auditLineWith(entry, (role) => roleNames[role]);

const entry = (action: AuditAction, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  createdAt: '2025-03-12T10:00:00.000Z',
  by: { memberId: 'm-ravi', name: 'Ravi', role: 'cashier' },
  action,
  subject: 'Asha Verma',
  amount: null,
  details: {},
  ...overrides,
});

describe('the audit log\'s sentences', () => {
  it.each<[AuditAction, Partial<AuditEntry>, string, string[]]>([
    ['repayment', { amount: '500.00' }, 'Ravi (Cashier) recorded a cash repayment of ₹500.00 from Asha Verma', []],
    [
      'repayment',
      { amount: '800.00', details: { description: 'UPI 412345678901', upiReference: '412345678901' } },
      'Ravi (Cashier) confirmed a UPI repayment of ₹800.00 from Asha Verma',
      ['UPI reference: 412345678901'],
    ],
    ['repayment', { amount: '800.00', details: { description: 'UPI', upiReference: '' } }, 'Ravi (Cashier) confirmed a UPI repayment of ₹800.00 from Asha Verma', []],
    ['refund', { amount: '120.50' }, 'Ravi (Cashier) refunded ₹120.50 to Asha Verma', []],
    ['reversal', { amount: '500.00' }, 'Ravi (Cashier) reversed a cash repayment of ₹500.00 from Asha Verma', []],
    ['charge', { amount: '250.00' }, 'Ravi (Cashier) charged Asha Verma ₹250.00, approved by SMS code', []],
    ['credit_account_opened', { amount: '5000.00' }, 'Ravi (Cashier) opened a credit account for Asha Verma with a limit of ₹5,000.00', []],
    ['limit_changed', { details: { from: '5000.00', to: '2500.00' } }, "Ravi (Cashier) changed Asha Verma's credit limit from ₹5,000.00 to ₹2,500.00", []],
    ['due_date_moved', { details: { to: '2025-04-01' } }, "Ravi (Cashier) moved Asha Verma's due date to 1 Apr 2025", []],
    ['customer_invited', { amount: '3000.00' }, 'Ravi (Cashier) invited Asha Verma with a credit limit of ₹3,000.00', []],
    ['customer_invitation_cancelled', {}, 'Ravi (Cashier) cancelled the invitation to Asha Verma', []],
    ['counter_signup', { amount: '2000.00' }, 'Ravi (Cashier) signed up Asha Verma at the counter with a credit limit of ₹2,000.00', []],
    ['claim_confirmed', { amount: '800.00' }, "Ravi (Cashier) confirmed Asha Verma's UPI repayment of ₹800.00", []],
    ['claim_declined', { amount: '800.00', details: { reason: 'Not received' } }, "Ravi (Cashier) declined Asha Verma's UPI repayment claim of ₹800.00", ['Reason: Not received']],
    ['report_declined', { amount: '450.00', details: { reason: 'Goods were delivered' } }, "Ravi (Cashier) declined Asha Verma's report of a problem with a payment of ₹450.00", ['Reason: Goods were delivered']],
    ['reminder_sent', { details: { channel: 'whatsapp' } }, 'Ravi (Cashier) sent Asha Verma a reminder on WhatsApp', []],
    ['reminders_sent', { subject: null, details: { count: '1' } }, 'Ravi (Cashier) sent reminders to 1 overdue customer', []],
    [
      'reminder_settings_changed',
      { subject: null, details: { overdueEveryDaysFrom: '3', overdueEveryDaysTo: '7', beforeDueDaysFrom: '', beforeDueDaysTo: '2', hourFrom: '9', hourTo: '18' } },
      'Ravi (Cashier) changed the automatic reminder settings',
      ['Overdue reminders every (days): 3 → 7', 'Reminder before the due date (days): none → 2', 'Reminder time: 9 am → 6 pm'],
    ],
    ['reminder_exclusion_changed', { details: { excluded: 'true' } }, 'Ravi (Cashier) stopped automatic reminders to Asha Verma', []],
    ['settings_changed', { subject: null, details: { upiIdFrom: 'old@okaxis', upiIdTo: 'new@okaxis' } }, "Ravi (Cashier) changed the shop's settings", ['UPI ID: old@okaxis → new@okaxis']],
    ['payment_code_created', { subject: null, amount: '99.00', details: { description: 'Tea' } }, 'Ravi (Cashier) made a payment QR code for ₹99.00', ['Description: Tea']],
    ['payment_code_created', { subject: null }, 'Ravi (Cashier) made a payment QR code', []],
    ['staff_invited', { subject: 'Kiran', details: { role: 'owner' } }, 'Ravi (Cashier) invited Kiran to work at the shop as Owner', []],
    ['staff_invitation_cancelled', { subject: 'Kiran' }, 'Ravi (Cashier) cancelled the invitation to Kiran to work at the shop', []],
    ['staff_joined', { subject: null }, 'Ravi (Cashier) joined the shop', []],
    [
      'staff_changed',
      { subject: 'Kiran', details: { roleFrom: 'manager', roleTo: 'owner', singleLimitFrom: '10000.00', singleLimitTo: '', dailyLimitFrom: '50000.00', dailyLimitTo: '' } },
      "Ravi (Cashier) changed Kiran's role or limits",
      ['Role: Manager → Owner', 'Limit for one entry: ₹10,000.00 → none', 'Daily limit: ₹50,000.00 → none'],
    ],
    ['staff_revoked', { subject: 'Kiran' }, 'Ravi (Cashier) removed Kiran from the shop', []],
    ['counter_opened', { subject: null }, 'Ravi (Cashier) opened counter mode', []],
    ['counter_closed', { subject: null }, 'Ravi (Cashier) closed counter mode', []],
  ])('%s: %j', (action, overrides, sentence, details) => {
    expect(auditLine(entry(action, overrides))).toEqual({ sentence, details });
  });

  it('has a sentence and a filter name for every action', () => {
    const sentences = new Set(auditActions.map((action) => auditLine(entry(action, { amount: '1.00' })).sentence));
    expect(sentences.size).toBe(auditActions.length);
    const labels = new Set(auditActions.map(actionLabel));
    expect(labels.size).toBe(auditActions.length);
  });

  it('shortens the sentence when a particular is missing', () => {
    expect(auditLine(entry('repayment')).sentence).toBe('Ravi (Cashier) recorded a cash repayment from Asha Verma');
    expect(auditLine(entry('repayment', { details: { upiReference: '412345678901' } })).sentence).toBe('Ravi (Cashier) confirmed a UPI repayment from Asha Verma');
    expect(auditLine(entry('limit_changed')).sentence).toBe("Ravi (Cashier) changed Asha Verma's credit limit");
    expect(auditLine(entry('reminders_sent', { details: {} })).sentence).toBe('Ravi (Cashier) sent reminders to overdue customers');
    expect(auditLine(entry('staff_revoked', { subject: null })).sentence).toBe('Ravi (Cashier) removed a person from the shop');
    expect(auditLine(entry('refund', { subject: null, amount: '10.00' })).sentence).toBe('Ravi (Cashier) refunded ₹10.00 to a customer');
  });
});
