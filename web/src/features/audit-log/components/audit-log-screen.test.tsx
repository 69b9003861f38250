import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import type { AuditEntry } from '@/features/audit-log/api/get-audit-log';
import { AuditLogScreen } from './audit-log-screen';

const person = (id: string, name: string, role: 'owner' | 'manager' | 'cashier', status: 'active' | 'revoked' = 'active') => ({
  id, name, phone: '+919800000000', email: null, role, founding: id === 'm-meena', status,
  singleLimit: role === 'owner' ? null : '2000.00', dailyLimit: role === 'owner' ? null : '10000.00', usedToday: '0.00',
  createdAt: '2025-01-01T00:00:00.000Z', revokedAt: status === 'revoked' ? '2025-03-01T00:00:00.000Z' : null,
});
const staff = {
  members: [person('m-meena', 'Meena Shah', 'owner'), person('m-ravi', 'Ravi Kumar', 'cashier'), person('m-sunita', 'Sunita Das', 'manager', 'revoked')],
  invitations: [],
};

const ravi = { memberId: 'm-ravi', name: 'Ravi Kumar', role: 'cashier' } as const;
const meena = { memberId: 'm-meena', name: 'Meena Shah', role: 'owner' } as const;
const sunita = { memberId: 'm-sunita', name: 'Sunita Das', role: 'manager' } as const;

let nextId = 0;
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: `e${++nextId}`, createdAt: '2025-03-12T10:00:00.000Z', by: ravi, action: 'repayment', subject: null, amount: null, details: {},
  ...overrides,
});

const firstPage = [
  entry({ action: 'repayment', subject: 'Asha Verma', amount: '500.00' }),
  entry({ action: 'refund', by: sunita, subject: 'Asha Verma', amount: '120.50', createdAt: '2025-03-11T18:45:00.000Z' }),
  entry({ action: 'limit_changed', by: sunita, subject: 'Asha Verma', details: { from: '5000.00', to: '7500.00' } }),
  entry({
    action: 'staff_changed', by: meena, subject: 'Ravi Kumar',
    details: { roleFrom: 'cashier', roleTo: 'manager', singleLimitFrom: '2000.00', singleLimitTo: '10000.00', dailyLimitFrom: '10000.00', dailyLimitTo: '10000.00' },
  }),
  entry({ action: 'settings_changed', by: meena, details: { creditPeriodDaysFrom: '30', creditPeriodDaysTo: '45', upiIdFrom: '', upiIdTo: 'meena@okaxis' } }),
  entry({ action: 'claim_declined', by: sunita, subject: 'Asha Verma', amount: '300.00', details: { reason: 'No such payment in the bank' } }),
  entry({ action: 'reminders_sent', by: sunita, details: { count: '3' } }),
  entry({ action: 'due_date_moved', by: sunita, subject: 'Asha Verma', details: { from: '2025-03-15', to: '2025-03-30' } }),
  entry({ action: 'staff_invited', by: meena, subject: 'Kiran Pal', details: { role: 'cashier' } }),
  entry({ action: 'counter_opened' }),
];

const moreEntries = [entry({ action: 'staff_revoked', by: meena, subject: 'Sunita Das', createdAt: '2025-03-01T04:00:00.000Z' })];

type Handler = (call: RecordedCall) => Response | Promise<Response>;

function setup(routes: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/business/staff': () => json(200, staff),
    'GET /api/business/audit': () => json(200, { entries: firstPage, nextCursor: 'cursor-1' }),
    'GET /api/business/audit?cursor=cursor-1': () => json(200, { entries: moreEntries, nextCursor: null }),
    ...routes,
  });
  const user = userEvent.setup();
  const onBack = vi.fn();
  renderWithApp(<AuditLogScreen onBack={onBack} />);
  return { calls, user, onBack };
}

const log = () => screen.findByRole('list', { name: 'Audit log' });
/** Chooses an ISO day in the date field `label` as a person does: day, month, then year. */
async function chooseDay(user: ReturnType<typeof userEvent.setup>, label: 'From' | 'To', iso: string) {
  const field = screen.getByRole('group', { name: label });
  const [year, month, day] = iso.split('-').map(Number);
  await user.selectOptions(within(field).getByRole('combobox', { name: `${label} Day` }), String(day));
  await user.selectOptions(within(field).getByRole('combobox', { name: `${label} Month` }), String(month));
  await user.selectOptions(within(field).getByRole('combobox', { name: `${label} Year` }), String(year));
}

const auditCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.startsWith('/api/business/audit?') || call.url === '/api/business/audit');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
});

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the audit log', () => {
  it('says each action in one sentence with its particulars and its India time, newest first', async () => {
    const { user, onBack } = setup();
    expect(screen.getByRole('heading', { name: 'Audit log', level: 2 })).toBeInTheDocument();
    const items = within(await log()).getAllByRole('listitem');
    const texts = items.map((item) => [...item.querySelectorAll('p')].map((line) => line.textContent));
    expect(texts).toEqual([
      ['Ravi Kumar (Cashier) recorded a cash repayment of ₹500.00 from Asha Verma', expect.stringMatching(/^12 Mar 2025, 3:30\s?pm$/i)],
      ['Sunita Das (Manager) refunded ₹120.50 to Asha Verma', expect.stringMatching(/^12 Mar 2025, 12:15\s?am$/i)],
      ["Sunita Das (Manager) changed Asha Verma's credit limit from ₹5,000.00 to ₹7,500.00", expect.any(String)],
      [
        "Meena Shah (Owner) changed Ravi Kumar's role or limits",
        'Role: Cashier → Manager',
        'Limit for one entry: ₹2,000.00 → ₹10,000.00',
        expect.any(String),
      ],
      ["Meena Shah (Owner) changed the shop's settings", 'Credit period (days): 30 → 45', 'UPI ID: none → meena@okaxis', expect.any(String)],
      [
        "Sunita Das (Manager) declined Asha Verma's UPI repayment claim of ₹300.00",
        'Reason: No such payment in the bank',
        expect.any(String),
      ],
      ['Sunita Das (Manager) sent reminders to 3 overdue customers', expect.any(String)],
      ["Sunita Das (Manager) moved Asha Verma's due date from 15 Mar 2025 to 30 Mar 2025", expect.any(String)],
      ['Meena Shah (Owner) invited Kiran Pal to work at the shop as Cashier', expect.any(String)],
      ['Ravi Kumar (Cashier) opened counter mode', expect.any(String)],
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2025-03-12T10:00:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('tells a confirmed UPI repayment, with its reference, from a cash repayment', async () => {
    setup({
      'GET /api/business/audit': () => json(200, {
        entries: [
          entry({ action: 'repayment', by: sunita, subject: 'Asha Verma', amount: '800.00', details: { description: 'UPI 412345678901', upiReference: '412345678901' } }),
          entry({ action: 'repayment', subject: 'Asha Verma', amount: '500.00' }),
        ],
        nextCursor: null,
      }),
    });
    const items = within(await log()).getAllByRole('listitem');
    expect(items.map((item) => [...item.querySelectorAll('p')].map((line) => line.textContent))).toEqual([
      ['Sunita Das (Manager) confirmed a UPI repayment of ₹800.00 from Asha Verma', 'UPI reference: 412345678901', expect.any(String)],
      ['Ravi Kumar (Cashier) recorded a cash repayment of ₹500.00 from Asha Verma', expect.any(String)],
    ]);
  });

  it('loads more from the cursor, and offers no more at the end', async () => {
    const { user, calls } = setup();
    expect(within(await log()).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')).toHaveLength(11));
    expect(within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')[10]).toHaveTextContent(
      'Meena Shah (Owner) removed Sunita Das from the shop',
    );
    expect(auditCalls(calls).map((call) => call.url)).toEqual(['/api/business/audit', '/api/business/audit?cursor=cursor-1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by person (those removed too), action and days, and sends the filters in the query', async () => {
    const filtered = '/api/business/audit?from=2025-03-01&to=2025-03-10&memberId=m-ravi&action=repayment';
    const { user, calls } = setup({
      // The start is chosen before the end: for a moment the log is filtered by the start alone.
      'GET /api/business/audit?from=2025-03-01&memberId=m-ravi&action=repayment': () => json(200, { entries: firstPage, nextCursor: null }),
      [`GET ${filtered}`]: () => json(200, { entries: [firstPage[0]!], nextCursor: 'cursor-2' }),
      [`GET ${filtered}&cursor=cursor-2`]: () => json(200, { entries: [], nextCursor: null }),
    });
    await log();
    const personFilter = screen.getByLabelText('Person');
    await waitFor(() => expect(within(personFilter).getAllByRole('option')).toHaveLength(4));
    expect(within(personFilter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Everyone', 'Meena Shah (Owner)', 'Ravi Kumar (Cashier)', 'Sunita Das (Manager)',
    ]);
    const actionOptions = within(screen.getByLabelText('Action')).getAllByRole('option');
    expect(actionOptions).toHaveLength(27);
    expect(actionOptions.slice(0, 5).map((option) => option.textContent)).toEqual([
      'All actions', 'Repayments', 'Refunds', 'Reversals', 'Charges by SMS code',
    ]);
    // Days day-month-year, none after today's year offered.
    const to = screen.getByRole('group', { name: 'To' });
    expect(within(to).getAllByRole('combobox')).toEqual(['To Day', 'To Month', 'To Year'].map((name) => within(to).getByRole('combobox', { name })));
    expect(within(within(to).getByRole('combobox', { name: 'To Year' })).getAllByRole('option').at(-1)).toHaveTextContent('2025');

    await user.selectOptions(personFilter, 'm-ravi');
    await user.selectOptions(screen.getByLabelText('Action'), 'repayment');
    await chooseDay(user, 'From', '2025-03-01');
    await chooseDay(user, 'To', '2025-03-10');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(calls, `GET ${filtered}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(callsTo(calls, `GET ${filtered}&cursor=cursor-2`)).toHaveLength(1));

    // Back to everyone: the filter leaves the query.
    await user.selectOptions(personFilter, '');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url).toBe('/api/business/audit?from=2025-03-01&to=2025-03-10&action=repayment'),
    );
    // Clearing a day takes it out of the query too.
    await user.click(screen.getByRole('button', { name: 'Clear From' }));
    await waitFor(() => expect(auditCalls(calls).at(-1)!.url).toBe('/api/business/audit?to=2025-03-10&action=repayment'));
  });

  it('refuses a start after the end without asking the server', async () => {
    const { calls, user } = setup({ 'GET /api/business/audit?to=2025-03-01': () => json(200, { entries: [], nextCursor: null }) });
    await log();
    await chooseDay(user, 'To', '2025-03-01');
    await screen.findByText('Nothing was recorded with these filters.');
    const before = auditCalls(calls).length;
    await chooseDay(user, 'From', '2025-03-10');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a start date on or before the end date.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('list', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(auditCalls(calls)).toHaveLength(before);
  });

  it('says when nothing was recorded, and when the log cannot be loaded', async () => {
    setup({ 'GET /api/business/audit': () => json(200, { entries: [], nextCursor: null }) });
    expect(await screen.findByText('Nothing was recorded with these filters.')).toBeInTheDocument();
  });

  it('shows the server\'s refusal', async () => {
    setup({ 'GET /api/business/audit': () => apiError(403, 'Your role at this shop does not allow this. Ask an owner.', 'role_forbidden') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role at this shop does not allow this. Ask an owner.');
  });

  it('downloads the CSV with the filters on screen and the session', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:audit';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const csvText = '\uFEFFDate,Person,Role,Action,Customer or person,Amount,Details\r\n';
    const csvUrl = '/api/business/audit.csv?from=2025-03-01&action=refund';
    const { user, calls } = setup({
      'GET /api/business/audit?from=2025-03-01&action=refund': () => json(200, { entries: [], nextCursor: null }),
      [`GET ${csvUrl}`]: () => new Response(csvText, {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-2025-03-01.csv"' },
      }),
    });
    await log();
    await user.selectOptions(screen.getByLabelText('Action'), 'refund');
    await chooseDay(user, 'From', '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const csvCalls = callsTo(calls, `GET ${csvUrl}`);
    expect(csvCalls).toHaveLength(1);
    expect(csvCalls[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(csvCalls[0]!.credentials).toBe('include');
    expect(clicked[0]!.download).toBe('audit-2025-03-01.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:audit');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('says so when the CSV cannot be had', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = setup({
      'GET /api/business/audit.csv': () => apiError(403, 'Your role at this shop does not allow this. Ask an owner.', 'role_forbidden'),
    });
    await log();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The audit log could not be saved')).toBeInTheDocument();
    expect(screen.getByText('Your role at this shop does not allow this. Ask an owner.')).toBeInTheDocument();
  });

  it('is accessible', async () => {
    setup();
    await log();
    await expectNoAxeViolations();
  });
});
