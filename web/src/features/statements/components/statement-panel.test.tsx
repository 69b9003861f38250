import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementCsvDisposition } from '@common/statement-file-name';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import type { Statement } from '@/features/statements/api/get-statement';
import { StatementPanel } from './statement-panel';

const accountId = '0193a0c0-0000-7000-8000-00009f3a1c07';
const noRefunds = { refunds: 0, refundAmount: '0.00', refundFees: '0.00', refundTotal: '0.00', reversals: 0, reversalAmount: '0.00' };
const url = (from: string, to: string, file = 'statement') => `/api/credit-accounts/${accountId}/${file}?from=${from}&to=${to}`;
// "Today" is 12 March 2025 in India (10:00 UTC is 15:30 there).
const thisMonthUrl = url('2025-03-01', '2025-03-12');
const lastMonthUrl = url('2025-02-01', '2025-02-28');

function statementFor(from: string, to: string, overrides: Partial<Statement> = {}): Statement {
  return {
    accountId,
    businessId: 'biz-1',
    businessName: 'Kumar Kirana',
    customerName: 'क्षत्रिय',
    from,
    to,
    openingOwed: '500.00',
    closingOwed: '1177.00',
    rows: [
      { id: 't1', createdAt: '2025-03-03T04:30:00.000Z', date: '2025-03-03 10:00', type: 'payment', description: 'Rice and dal', amount: '1250.00', fee: '25.00', total: '1275.00', owedAfter: '1775.00', refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null },
      { id: 't2', createdAt: '2025-03-05T12:00:00.000Z', date: '2025-03-05 17:30', type: 'repayment', description: null, amount: '700.00', fee: '0.00', total: '700.00', owedAfter: '1075.00', refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null },
      { id: 't3', createdAt: '2025-03-10T06:15:00.000Z', date: '2025-03-10 11:45', type: 'payment', description: 'Soap', amount: '100.00', fee: '2.00', total: '102.00', owedAfter: '1177.00', refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: true, by: null },
    ],
    totals: { payments: 2, paymentAmount: '1350.00', fees: '27.00', paymentTotal: '1377.00', repayments: 1, repaymentAmount: '700.00', ...noRefunds },
    ...overrides,
  };
}

const csvText = '\uFEFFDate,Type,Description,Amount,Fee,Total,Owed after\r\n2025-03-03 10:00,Payment,Rice and dal,1250.00,25.00,1275.00,1775.00\r\n';
const csvResponse = () =>
  new Response(csvText, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="statement-2025-03-01-2025-03-12.csv"' },
  });

type Handlers = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function setup(handlers: Handlers = {}) {
  const calls = stubFetch({
    [`GET ${thisMonthUrl}`]: () => json(200, { statement: statementFor('2025-03-01', '2025-03-12') }),
    [`GET ${lastMonthUrl}`]: () => json(200, { statement: statementFor('2025-02-01', '2025-02-28', { rows: [], openingOwed: '500.00', closingOwed: '500.00', totals: { payments: 0, paymentAmount: '0.00', fees: '0.00', paymentTotal: '0.00', repayments: 0, repaymentAmount: '0.00', ...noRefunds } }) }),
    [`GET ${url('2025-03-01', '2025-03-12', 'statement.csv')}`]: csvResponse,
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithApp(<StatementPanel accountId={accountId} />);
  return { calls, user };
}

const panel = () => screen.getByRole('region', { name: 'Statement' });
/** A summary figure by its term. */
const figure = (term: string) => within(panel()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
/**
 * A date field by its label: its day, month and year selects, and what each shows. Each part is
 * found in the whole panel by its name, "From Day" or "To Day": the two fields' parts differ.
 */
function dateField(label: string) {
  const group = within(panel()).getByRole('group', { name: label });
  const part = (name: 'Day' | 'Month' | 'Year') => within(panel()).getByRole('combobox', { name: `${label} ${name}` });
  const shown = () => within(group).getAllByRole('combobox').map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
  return { part, shown };
}
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
});

/** Gives the browser a share sheet (jsdom has none), until the test ends. */
function stubShareSheet(share: Navigator['share'], canShare: Navigator['canShare']) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { canShare?: unknown }).canShare;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the range picker', () => {
  it('starts at this month, India time, and switches to the whole of last month', async () => {
    const { calls, user } = setup();
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(panel()).findByText('1 Mar 2025 to 12 Mar 2025')).toBeInTheDocument();
    expect(callsTo(calls, `GET ${thisMonthUrl}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(panel()).findByText('1 Feb 2025 to 28 Feb 2025')).toBeInTheDocument();
    expect(within(panel()).getByText('No transactions in this period.')).toBeInTheDocument();
    expect(callsTo(calls, `GET ${lastMonthUrl}`)).toHaveLength(1);
  });

  it('asks for the two days of a custom range, day-month-year, and refuses a start after the end without asking the server', async () => {
    const customUrl = url('2025-01-15', '2025-02-10');
    const { calls, user } = setup({
      [`GET ${url('2025-01-15', '2025-02-12')}`]: () => json(200, { statement: statementFor('2025-01-15', '2025-02-12') }),
      [`GET ${customUrl}`]: () => json(200, { statement: statementFor('2025-01-15', '2025-02-10') }),
    });
    await within(panel()).findByText('1 Mar 2025 to 12 Mar 2025');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = dateField('From');
    const to = dateField('To');
    expect(from.shown()).toEqual(['01', 'Mar', '2025']);
    expect(to.shown()).toEqual(['12', 'Mar', '2025']);
    // No year after today's is offered.
    expect(within(to.part('Year')).getAllByRole('option').at(-1)).toHaveTextContent('2025');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(document.querySelector('input[type="date"]')).toBeNull();

    await user.selectOptions(to.part('Month'), 'Feb');
    await user.selectOptions(from.part('Day'), '05');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a start date on or before the end date.');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('from=2025-03-05&to=2025-02-12'))).toBe(false);

    await user.selectOptions(from.part('Day'), '15');
    await user.selectOptions(from.part('Month'), 'Jan');
    await user.selectOptions(to.part('Day'), '10');
    expect(await within(panel()).findByText('15 Jan 2025 to 10 Feb 2025')).toBeInTheDocument();
    expect(callsTo(calls, `GET ${customUrl}`)).toHaveLength(1);
    expect(calls.some((call) => call.url.includes('from=2025-03-15'))).toBe(false);
  });

  it('refuses a day after today under its field, without asking the server', async () => {
    const { calls, user } = setup();
    await within(panel()).findByText('1 Mar 2025 to 12 Mar 2025');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const to = dateField('To');
    await user.selectOptions(to.part('Day'), '20');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date on or before 12 Mar 2025.');
    expect(to.part('Day')).toHaveAccessibleDescription('Choose a date on or before 12 Mar 2025.');
    expect(calls.some((call) => call.url.includes('to=2025-03-20'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a range', async () => {
    setup({ [`GET ${thisMonthUrl}`]: () => apiError(400, 'A statement can cover at most 366 days', 'invalid_input') });
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('A statement can cover at most 366 days');
  });
});

describe('the statement', () => {
  it('shows the opening amount owed, every row in order with the amount owed after it, the totals and the closing amount', async () => {
    setup();
    const table = await within(panel()).findByRole('table', { name: 'Statement' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date', 'Type', 'Description', 'Amount', 'Fee', 'Total', 'Owed after',
    ]);
    const rows = rowsOf(table);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([expect.stringMatching(/^3 Mar 2025, 10:00\s?am$/i), 'Payment', 'Rice and dal', '₹1,250.00', '₹25.00', '₹1,275.00', '₹1,775.00']);
    expect(rows[1]).toEqual([expect.stringMatching(/^5 Mar 2025, 5:30\s?pm$/i), 'Repayment', '', '₹700.00', '₹0.00', '₹700.00', '₹1,075.00']);
    // A payment the customer approved with the code sent by SMS says so under its type.
    expect(rows[2]).toEqual([expect.stringMatching(/^10 Mar 2025, 11:45\s?am$/i), 'PaymentApproved by SMS code', 'Soap', '₹100.00', '₹2.00', '₹102.00', '₹1,177.00']);
    expect(within(table).getAllByText('Approved by SMS code')).toHaveLength(1);

    expect(figure('Opening amount owed')).toBe('₹500.00');
    expect(figure('Payments')).toBe('2');
    expect(figure('Amount paid')).toBe('₹1,350.00');
    expect(figure('Fees')).toBe('₹27.00');
    expect(figure('Payment total')).toBe('₹1,377.00');
    expect(figure('Repayments')).toBe('1');
    expect(figure('Repaid')).toBe('₹700.00');
    expect(figure('Closing amount owed')).toBe('₹1,177.00');
    expect(within(panel()).getByText('क्षत्रिय')).toBeInTheDocument();
  });

  it('shows each row as a card on a phone: what, when, the amount and whether it raised or lowered what is owed, in words', async () => {
    setup();
    const list = await within(panel()).findByRole('list', { name: 'Statement' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [rice, repaid, soap] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(rice).toHaveTextContent(/^PaymentRice and dal3 Mar 2025, 10:00\s?am₹1,250.00Owed moreFee₹25.00Total₹1,275.00Owed after₹1,775.00$/i);
    // No fee: only the amount owed after.
    expect(repaid).toHaveTextContent(/^Repayment5 Mar 2025, 5:30\s?pm₹700.00Owed lessOwed after₹1,075.00$/i);
    expect(soap).toHaveTextContent(/^PaymentSoapApproved by SMS code10 Mar 2025, 11:45\s?am₹100.00Owed more/i);
    const owedAfter = (card: HTMLElement) => within(card).getByText('Owed after', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(cards.map(owedAfter)).toEqual(['₹1,775.00', '₹1,075.00', '₹1,177.00']);

    // The cards where the table's seven columns do not fit, the table where they do: the
    // breakpoint is the width of the statement's own column (a CSS container query).
    const table = within(panel()).getByRole('table', { name: 'Statement' });
    const layouts = list.closest('.\\@container');
    expect(layouts).not.toBeNull();
    expect(list.parentElement).toHaveClass('@min-[40rem]:hidden');
    expect(table.closest('.hidden')).toHaveClass('@min-[40rem]:block');
    expect(layouts!.contains(table)).toBe(true);
    await expectNoAxeViolations();
  });

  it('says an empty period once, in neither layout', async () => {
    const { user } = setup();
    await within(panel()).findByRole('list', { name: 'Statement' });
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(await within(panel()).findByText('No transactions in this period.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('list', { name: 'Statement' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('table', { name: 'Statement' })).not.toBeInTheDocument();
  });

  it('keeps a print view of the same statement straight in <body>, hidden on screen, and prints with Print or save as PDF', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = setup();
    await within(panel()).findByRole('table', { name: 'Statement' });
    const printView = document.body.querySelector(':scope > .statement-print');
    expect(printView).not.toBeNull();
    expect(printView).toHaveClass('hidden', 'print:block', 'bg-white', 'text-black');
    expect(printView).toHaveAttribute('aria-hidden', 'true');
    expect(panel().contains(printView)).toBe(false);
    expect(printView).toHaveTextContent('Khata statement');
    expect(printView).toHaveTextContent('Kumar Kirana · क्षत्रिय');
    expect(printView).toHaveTextContent('Closing amount owed₹1,177.00');
    expect(printView!.querySelectorAll('tbody tr')).toHaveLength(3);
    // Paper gets the table only, never the cards.
    expect(printView!.querySelector('ol, ul')).toBeNull();
    expect(printView!.querySelector('table')!.closest('.hidden')).toBe(printView);

    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints under a title naming the shop, the customer and the account, which the browser offers as the PDF’s name, then puts the title back', async () => {
    document.title = 'Khata';
    const titles: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => titles.push(document.title));
    const { user } = setup();
    await within(panel()).findByRole('list', { name: 'Statement' });
    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(titles).toEqual(['khata-statement-kumar-kirana-क्षत्रिय-9f3a-1c07-2025-03-01-to-2025-03-12']);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.title).toBe('Khata');
  });
});

describe('getting the statement out', () => {
  it('downloads the CSV as the server wrote it, byte-order mark included, under the server’s file name and with the session', async () => {
    window.localStorage.setItem('sessionToken', 'tok-1');
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:statement';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const csvCalls = callsTo(calls, `GET ${url('2025-03-01', '2025-03-12', 'statement.csv')}`);
    expect(csvCalls).toHaveLength(1);
    expect(csvCalls[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(csvCalls[0]!.credentials).toBe('include');
    expect(clicked[0]!.download).toBe('statement-2025-03-01-2025-03-12.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:statement');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csvText.slice(1));
    expect(saved[0]!.type).toBe('text/csv');
  });

  it('saves each customer’s CSV under the name the server wrote in their own script (filename*), so two customers’ files differ', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
    const names = ['क्षत्रिय', 'தமிழ்செல்வி'];
    for (const [index, customerName] of names.entries()) {
      const facts = { accountId: `0193a0c0-0000-7000-8000-0000aaaa000${index}`, businessName: 'Kumar Kirana', customerName, from: '2025-03-01', to: '2025-03-12' };
      const { user } = setup({
        [`GET ${url('2025-03-01', '2025-03-12', 'statement.csv')}`]: () => new Response(csvText, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': statementCsvDisposition(facts) },
        }),
      });
      await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(index + 1));
      cleanup();
    }
    expect(saved).toEqual([
      'khata-statement-kumar-kirana-क्षत्रिय-aaaa-0000-2025-03-01-to-2025-03-12.csv',
      'khata-statement-kumar-kirana-தமிழ்செல்வி-aaaa-0001-2025-03-01-to-2025-03-12.csv',
    ]);
  });

  it('says so when the CSV cannot be had', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = setup({
      [`GET ${url('2025-03-01', '2025-03-12', 'statement.csv')}`]: () => apiError(404, 'Credit account not found', 'not_found', 'credit_account_not_found'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The statement could not be saved')).toBeInTheDocument();
    expect(screen.getByText('Credit account not found')).toBeInTheDocument();
  });

  it('offers no Share where the browser cannot share files', async () => {
    stubShareSheet(vi.fn(), () => false);
    setup();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('offers no Share where the browser has no share sheet at all', async () => {
    expect('share' in navigator).toBe(false);
    setup();
    expect(await screen.findByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('shares the CSV as a file through the share sheet where the browser can', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    const canShare = vi.fn((data: ShareData) => (data.files ?? []).every((file) => file.type === 'text/csv'));
    stubShareSheet(share, canShare);
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledOnce());
    const shared = share.mock.calls[0]![0];
    expect(shared.title).toBe('Statement');
    expect(shared.files).toHaveLength(1);
    expect(shared.files![0]!.name).toBe('statement-2025-03-01-2025-03-12.csv');
    expect(shared.files![0]!.type).toBe('text/csv');
    // Fetched ahead of the tap, once.
    expect(callsTo(calls, `GET ${url('2025-03-01', '2025-03-12', 'statement.csv')}`)).toHaveLength(1);
  });
});
