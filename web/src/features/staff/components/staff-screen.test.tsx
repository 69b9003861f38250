import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import type { StaffInvitation, StaffMember } from '@/features/staff/api/get-staff';
import { StaffScreen } from './staff-screen';

const me = {
  user: { id: 'u1', role: 'business', name: 'Meena Shah', phone: '+919812345678', email: 'meena@example.com' },
  language: null,
  business: {
    id: 'biz1', businessName: 'Meena Stores', businessType: 'Retail', email: 'meena@example.com', address: '12 MG Road',
    status: 'approved', transactionFeePercent: '2.00', maxCreditLimit: '50000.00', description: null, rejectionReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  shop: { memberId: 'm-meena', businessId: 'biz1', businessName: 'Meena Stores', role: 'owner', name: 'Meena Shah', permissions: [] },
};

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 'm-x', name: 'Someone', phone: '+919800000000', email: null, role: 'cashier', founding: false, status: 'active',
  singleLimit: '2000.00', dailyLimit: '10000.00', usedToday: '0.00', createdAt: '2025-02-01T00:00:00.000Z', revokedAt: null,
  ...overrides,
});

const meena = member({
  id: 'm-meena', name: 'Meena Shah', phone: '+919812345678', email: 'meena@example.com', role: 'owner', founding: true,
  singleLimit: null, dailyLimit: null,
});
const ravi = member({ id: 'm-ravi', name: 'Ravi Kumar', phone: '+919876500001', usedToday: '1500.00' });
const anil = member({ id: 'm-anil', name: 'Anil Rao', phone: '+919876500002', role: 'owner', singleLimit: null, dailyLimit: null });
const sunita = member({
  id: 'm-sunita', name: 'Sunita Das', phone: '+919876500003', role: 'manager', status: 'revoked',
  singleLimit: '10000.00', dailyLimit: '50000.00', revokedAt: '2025-03-01T00:00:00.000Z',
});

const kiranInvitation: StaffInvitation = {
  id: 'inv-kiran', name: 'Kiran Pal', phone: '+919876500009', role: 'manager', singleLimit: '10000.00', dailyLimit: '50000.00',
  status: 'pending', createdAt: '2025-03-12T09:00:00.000Z', expiresAt: '2025-03-19T09:00:00.000Z',
};

type Handler = (call: RecordedCall) => Response | Promise<Response>;

function setup(routes: Record<string, Handler> = {}, list = { members: [meena, ravi, anil, sunita], invitations: [kiranInvitation] }) {
  const calls = stubFetch({
    'GET /api/auth/me': () => json(200, me),
    'GET /api/business/staff': () => json(200, list),
    ...routes,
  });
  const user = userEvent.setup();
  const onBack = vi.fn();
  const rendered = renderWithApp(<StaffScreen onBack={onBack} />);
  return { calls, user, onBack, ...rendered };
}

const card = (name: string) => screen.getByRole('article', { name });
const staffCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET /api/business/staff');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-12T10:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the Staff screen', () => {
  it('lists each person with their role, limits and what they used today, the shop account without actions', async () => {
    const { user, onBack } = setup();
    expect(screen.getByRole('heading', { name: 'Staff', level: 2 })).toBeInTheDocument();
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Meena Shah', 'Ravi Kumar', 'Anil Rao',
    ]);

    const founding = card('Meena Shah');
    expect(within(founding).getByText('+919812345678')).toBeInTheDocument();
    expect(within(founding).getByText('Owner')).toBeInTheDocument();
    expect(within(founding).getByText('Shop account')).toBeInTheDocument();
    expect(within(founding).queryByRole('button')).not.toBeInTheDocument();
    expect(within(founding).queryByText('Limits')).not.toBeInTheDocument();

    const cashier = card('Ravi Kumar');
    expect(within(cashier).getByText('Cashier')).toBeInTheDocument();
    expect(within(cashier).getByText('Limits').nextElementSibling).toHaveTextContent('₹2,000.00 one entry · ₹10,000.00 a day');
    expect(within(cashier).getByText('Used today').nextElementSibling).toHaveTextContent('₹1,500.00');
    expect(within(cashier).getAllByRole('button').map((button) => button.textContent)).toEqual(['Change role or limits', 'Remove from shop']);
    expect(within(cashier).queryByText('Shop account')).not.toBeInTheDocument();

    // Another owner: no limits, but they can be changed or removed.
    const owner = card('Anil Rao');
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).queryByText('Limits')).not.toBeInTheDocument();
    expect(within(owner).getAllByRole('button').map((button) => button.textContent)).toEqual(['Change role or limits', 'Remove from shop']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('folds the people removed under Former staff', async () => {
    const { user } = setup();
    const summary = await screen.findByText('Former staff (1)');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(screen.queryByRole('article', { name: 'Sunita Das' })).not.toBeInTheDocument();
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('Sunita Das')).toBeInTheDocument();
    expect(within(details).getByText('Was Manager')).toBeInTheDocument();
  });

  it('lists the open invitations with role and expiry, and only the open ones', async () => {
    setup({}, {
      members: [meena],
      invitations: [kiranInvitation, { ...kiranInvitation, id: 'inv-old', name: 'Gone Person', status: 'cancelled' }],
    });
    const invitations = await screen.findByRole('region', { name: 'Open invitations' });
    expect(within(invitations).getAllByRole('article')).toHaveLength(1);
    const kiran = card('Kiran Pal');
    expect(within(kiran).getByText('+919876500009')).toBeInTheDocument();
    expect(within(kiran).getByText('Manager')).toBeInTheDocument();
    expect(within(kiran).getByText('Expires 19 Mar 2025')).toBeInTheDocument();
    const text = 'Meena Stores has invited you to work on its Khata as Manager. Accept with this number at http://localhost:3000/merchant/join';
    await waitFor(() =>
      expect(within(kiran).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute('href', `https://wa.me/919876500009?text=${encodeURIComponent(text)}`),
    );
    expect(screen.queryByText('Former staff', { exact: false })).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let answers = 0;
    const { user } = setup({
      'GET /api/business/staff': () => (answers++ === 0
        ? apiError(403, 'Your role at this shop does not allow this. Ask an owner.', 'role_forbidden')
        : json(200, { members: [meena], invitations: [] })),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role at this shop does not allow this. Ask an owner.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Meena Shah' })).toBeInTheDocument();
  });

  it('is accessible, with the invite sheet open too', async () => {
    const { user } = setup();
    await screen.findByRole('article', { name: 'Ravi Kumar' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Invite a person' }));
    await screen.findByRole('dialog', { name: 'Invite a person' });
    await expectNoAxeViolations();
  });
});

async function openInvite(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite a person' }));
  return screen.findByRole('dialog', { name: 'Invite a person' });
}

describe('inviting a person', () => {
  it('starts as a cashier with the cashier limits, and says what each role can do', async () => {
    const { user } = setup();
    const sheet = await openInvite(user);
    expect(within(sheet).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['cashier', 'manager', 'owner']);
    expect(within(sheet).getByRole('radio', { name: 'Cashier' })).toBeChecked();
    expect(within(sheet).getByRole('radio', { name: 'Cashier' })).toHaveAccessibleDescription(
      "Can use customers and what they owe, payment QR codes, counter mode, charges by SMS code, today's payments and cash repayments. Cash entries up to the limits you set.",
    );
    expect(within(sheet).getByRole('radio', { name: 'Manager' })).toHaveAccessibleDescription(
      'Everything a Cashier can, and the whole history, new customers and their credit limits, refunds and reversals, dues and reminders, UPI claims and payment reports and statements. Cash entries up to the limits you set.',
    );
    expect(within(sheet).getByRole('radio', { name: 'Owner' })).toHaveAccessibleDescription(
      'Everything a Manager can, and the credit period and the UPI ID, staff and their roles and the audit log.',
    );
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(2000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(10000);
    expect(within(sheet).getByLabelText('SMS language')).toHaveValue('en');
  });

  it('switches to the manager limits, hides the limits for an owner, and brings the defaults back', async () => {
    const { user } = setup();
    const sheet = await openInvite(user);
    await user.click(within(sheet).getByRole('radio', { name: 'Manager' }));
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(10000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(50000);

    await user.click(within(sheet).getByRole('radio', { name: 'Owner' }));
    expect(within(sheet).queryByLabelText('Limit for one entry (₹)')).not.toBeInTheDocument();
    expect(within(sheet).queryByLabelText('Daily limit (₹)')).not.toBeInTheDocument();

    await user.click(within(sheet).getByRole('radio', { name: 'Cashier' }));
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(2000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(10000);

    // Limits the owner typed stay when the role changes.
    await user.clear(within(sheet).getByLabelText('Daily limit (₹)'));
    await user.type(within(sheet).getByLabelText('Daily limit (₹)'), '8000');
    await user.click(within(sheet).getByRole('radio', { name: 'Manager' }));
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(2000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(8000);
  });

  it.each([
    [{ phone: '' }, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    [{ phone: '5876543210' }, 'Invalid Phone Number', 'Please enter a valid 10-digit phone number'],
    [{ name: '   ' }, 'Name Required', "Please enter the person's name"],
    [{ single: '' }, 'Invalid limit', 'Enter the limit for one entry, an amount greater than 0'],
    [{ single: '0' }, 'Invalid limit', 'Enter the limit for one entry, an amount greater than 0'],
    [{ daily: '12.345' }, 'Invalid limit', 'Enter the daily limit, an amount greater than 0'],
    [{ single: '5000', daily: '4999.99' }, 'Invalid limit', 'The daily limit must be at least the limit for one entry'],
  ])('refuses %j: "%s"', async (change, title, description) => {
    const { user, calls } = setup();
    const sheet = await openInvite(user);
    const { phone = '9876543210', name = 'Kiran Pal', single, daily } = change as Record<string, string | undefined>;
    if (phone) await user.type(within(sheet).getByLabelText('Phone number'), phone);
    if (name) await user.type(within(sheet).getByLabelText('Name'), name);
    if (single !== undefined) {
      await user.clear(within(sheet).getByLabelText('Limit for one entry (₹)'));
      if (single) await user.type(within(sheet).getByLabelText('Limit for one entry (₹)'), single);
    }
    if (daily !== undefined) {
      await user.clear(within(sheet).getByLabelText('Daily limit (₹)'));
      await user.type(within(sheet).getByLabelText('Daily limit (₹)'), daily);
    }
    await user.click(within(sheet).getByRole('button', { name: 'Send invitation' }));
    await expectToast(title, description);
    expect(callsTo(calls, 'POST /api/business/staff/invitations')).toHaveLength(0);
  });

  it('sends a cashier\'s invitation with the limits, says so, offers it on WhatsApp and refreshes the list', async () => {
    const sent = { ...kiranInvitation, id: 'inv-new', name: 'Kiran Pal', phone: '+919876543210', role: 'cashier', singleLimit: '2000.00', dailyLimit: '10000.00' };
    const { user, calls } = setup({ 'POST /api/business/staff/invitations': () => json(201, { invitation: sent }) });
    const sheet = await openInvite(user);
    await user.type(within(sheet).getByLabelText('Phone number'), '9876543210');
    await user.type(within(sheet).getByLabelText('Name'), ' Kiran Pal ');
    await user.selectOptions(within(sheet).getByLabelText('SMS language'), 'hi');
    await user.click(within(sheet).getByRole('button', { name: 'Send invitation' }));

    await expectToast('Invitation sent to Kiran Pal');
    expect(callsTo(calls, 'POST /api/business/staff/invitations').map((call) => call.body)).toEqual([{
      phoneNumber: '+919876543210', name: 'Kiran Pal', role: 'cashier', singleLimit: '2000.00', dailyLimit: '10000.00', language: 'hi',
    }]);
    expect(within(sheet).getByText('Kiran Pal can accept it until 19 Mar 2025.')).toBeInTheDocument();
    const text = 'Meena Stores has invited you to work on its Khata as Cashier. Accept with this number at http://localhost:3000/merchant/join';
    expect(within(sheet).getByRole('link', { name: 'Also send on WhatsApp' })).toHaveAttribute('href', `https://wa.me/919876543210?text=${encodeURIComponent(text)}`);
    await waitFor(() => expect(staffCalls(calls)).toHaveLength(2));

    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends an owner\'s invitation without limits', async () => {
    const sent = { ...kiranInvitation, id: 'inv-new', role: 'owner', singleLimit: null, dailyLimit: null };
    const { user, calls } = setup({ 'POST /api/business/staff/invitations': () => json(201, { invitation: sent }) });
    const sheet = await openInvite(user);
    await user.type(within(sheet).getByLabelText('Phone number'), '9876500009');
    await user.type(within(sheet).getByLabelText('Name'), 'Kiran Pal');
    await user.click(within(sheet).getByRole('radio', { name: 'Owner' }));
    await user.click(within(sheet).getByRole('button', { name: 'Send invitation' }));
    await expectToast('Invitation sent to Kiran Pal');
    expect(callsTo(calls, 'POST /api/business/staff/invitations').map((call) => call.body)).toEqual([{
      phoneNumber: '+919876500009', name: 'Kiran Pal', role: 'owner', language: 'en',
    }]);
  });

  it('says the server\'s refusal by its key, and stays on the form', async () => {
    const { user } = setup({
      'POST /api/business/staff/invitations': () =>
        apiError(409, '+919876500001 already works at your shop', 'staff_exists', 'staff_exists', { phoneNumber: '+919876500001' }),
    });
    const sheet = await openInvite(user);
    await user.type(within(sheet).getByLabelText('Phone number'), '9876500001');
    await user.type(within(sheet).getByLabelText('Name'), 'Ravi Kumar');
    await user.click(within(sheet).getByRole('button', { name: 'Send invitation' }));
    await expectToast('Could not send the invitation', '+919876500001 already works at your shop');
    expect(within(sheet).getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Also send on WhatsApp' })).not.toBeInTheDocument();
  });
});

describe('changing a person', () => {
  it('starts from their role and limits, and saves a new role with limits', async () => {
    const changed = { ...ravi, role: 'manager', singleLimit: '10000.00', dailyLimit: '60000.00' };
    const { user, calls } = setup({ 'POST /api/business/staff/m-ravi': () => json(200, { member: changed }) });
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Change role or limits' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change role or limits' });
    expect(sheet).toHaveAccessibleDescription('Ravi Kumar');
    expect(within(sheet).getByRole('radio', { name: 'Cashier' })).toBeChecked();
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(2000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(10000);

    // The cashier defaults untouched: the manager's come in.
    await user.click(within(sheet).getByRole('radio', { name: 'Manager' }));
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(10000);
    await user.clear(within(sheet).getByLabelText('Daily limit (₹)'));
    await user.type(within(sheet).getByLabelText('Daily limit (₹)'), '60000');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));

    await expectToast("Saved Ravi Kumar's role and limits");
    expect(callsTo(calls, 'POST /api/business/staff/m-ravi').map((call) => call.body)).toEqual([
      { role: 'manager', singleLimit: '10000.00', dailyLimit: '60000.00' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(staffCalls(calls)).toHaveLength(2);
  });

  it('makes an owner without limits, and refuses a daily limit under the single one', async () => {
    const { user, calls } = setup({ 'POST /api/business/staff/m-ravi': () => json(200, { member: { ...ravi, role: 'owner', singleLimit: null, dailyLimit: null } }) });
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Change role or limits' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change role or limits' });
    await user.clear(within(sheet).getByLabelText('Limit for one entry (₹)'));
    await user.type(within(sheet).getByLabelText('Limit for one entry (₹)'), '20000');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await expectToast('Invalid limit', 'The daily limit must be at least the limit for one entry');
    expect(callsTo(calls, 'POST /api/business/staff/m-ravi')).toHaveLength(0);

    await user.click(within(sheet).getByRole('radio', { name: 'Owner' }));
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await expectToast("Saved Ravi Kumar's role and limits");
    expect(callsTo(calls, 'POST /api/business/staff/m-ravi').map((call) => call.body)).toEqual([{ role: 'owner' }]);
  });

  it('gives an owner made a cashier the cashier defaults', async () => {
    const { user } = setup();
    await user.click(within(await screen.findByRole('article', { name: 'Anil Rao' })).getByRole('button', { name: 'Change role or limits' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change role or limits' });
    expect(within(sheet).getByRole('radio', { name: 'Owner' })).toBeChecked();
    expect(within(sheet).queryByLabelText('Limit for one entry (₹)')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('radio', { name: 'Cashier' }));
    expect(within(sheet).getByLabelText('Limit for one entry (₹)')).toHaveValue(2000);
    expect(within(sheet).getByLabelText('Daily limit (₹)')).toHaveValue(10000);
  });

  it('says the server\'s refusal in a toast', async () => {
    const { user } = setup({
      'POST /api/business/staff/m-ravi': () =>
        apiError(400, 'The daily limit must be at least the limit for one entry', 'invalid_input', 'staff_limits_order'),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Change role or limits' }));
    const sheet = await screen.findByRole('dialog', { name: 'Change role or limits' });
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await expectToast('Could not save the change', 'The daily limit must be at least the limit for one entry');
    expect(screen.getByRole('dialog', { name: 'Change role or limits' })).toBeInTheDocument();
  });
});

describe('removing a person', () => {
  it('asks first, and Keep leaves them', async () => {
    const { user, calls } = setup();
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Remove from shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ravi Kumar from the shop?' });
    expect(dialog).toHaveAccessibleDescription('Ravi Kumar will be signed out at once. Their past entries stay.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST /api/business/staff/m-ravi/revoke')).toHaveLength(0);
  });

  it('removes them, says so, and moves them to Former staff', async () => {
    let removed = false;
    const { user, calls } = setup({
      'GET /api/business/staff': () => json(200, {
        members: [meena, removed ? { ...ravi, status: 'revoked', revokedAt: '2025-03-12T10:00:00.000Z' } : ravi],
        invitations: [],
      }),
      'POST /api/business/staff/m-ravi/revoke': () => {
        removed = true;
        return json(200, { member: { ...ravi, status: 'revoked', revokedAt: '2025-03-12T10:00:00.000Z' } });
      },
    });
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Remove from shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ravi Kumar from the shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Ravi Kumar was removed from the shop');
    expect(callsTo(calls, 'POST /api/business/staff/m-ravi/revoke')).toHaveLength(1);
    expect(await screen.findByText('Former staff (1)')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ravi Kumar' })).not.toBeInTheDocument();
  });

  it('says the server\'s refusal', async () => {
    const { user } = setup({
      'POST /api/business/staff/m-ravi/revoke': () =>
        apiError(409, 'The account the shop registered with always stays its owner', 'shop_account_owner'),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Kumar' })).getByRole('button', { name: 'Remove from shop' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await expectToast('Could not remove Ravi Kumar', 'The account the shop registered with always stays its owner');
  });
});

describe('cancelling an invitation', () => {
  it('asks first, cancels it and refreshes the list', async () => {
    const { user, calls } = setup({
      'POST /api/business/staff/invitations/inv-kiran/cancel': () => json(200, { invitation: { ...kiranInvitation, status: 'cancelled' } }),
    });
    await user.click(within(await screen.findByRole('article', { name: 'Kiran Pal' })).getByRole('button', { name: 'Cancel invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation?' });
    expect(dialog).toHaveAccessibleDescription('Kiran Pal will no longer be able to accept it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await expectToast('Invitation cancelled');
    expect(callsTo(calls, 'POST /api/business/staff/invitations/inv-kiran/cancel')).toHaveLength(1);
    await waitFor(() => expect(staffCalls(calls)).toHaveLength(2));
  });
});
