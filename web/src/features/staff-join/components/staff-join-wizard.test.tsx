import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@common/api/types';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { StaffJoinWizard } from './staff-join-wizard';

const invitation = { id: 'inv-1', businessName: 'Ravi Stores', role: 'cashier', name: 'Suresh', expiresAt: '2999-04-03T09:30:00.000Z' };
const other = { id: 'inv-2', businessName: 'Meena Medicals', role: 'manager', name: 'Suresh K', expiresAt: '2999-04-05T09:30:00.000Z' };
const session: SessionResponse = {
  sessionToken: 'staff-token', user: { id: 's1', role: 'staff', name: 'Suresh', phone: '+919800000001', email: null },
};

type Handlers = Record<string, (call: RecordedCall) => Response>;

function setup({ hasAccount = false, invitations = [invitation], more = {} }: { hasAccount?: boolean; invitations?: object[]; more?: Handlers } = {}) {
  const calls = stubFetch({
    'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
    'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
    'GET /api/staff/invitations': () => json(200, { hasAccount, invitations }),
    'POST /api/staff/invitations/inv-1/accept': () => json(201, session),
    ...more,
  });
  const onJoined = vi.fn();
  const user = userEvent.setup();
  renderWithApp(<StaffJoinWizard onJoined={onJoined} />);
  return { calls, onJoined, user };
}

type User = ReturnType<typeof userEvent.setup>;

/** The invited phone, verified: the wizard then lists its invitations. */
async function verifyPhone(user: User) {
  await user.type(await screen.findByLabelText('Mobile Number'), '9800000001{Enter}');
  await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
  return screen.findByRole('heading', { name: 'Your invitations' });
}

describe('joining a shop', () => {
  it('verifies the phone for a staff invitation and lists the shops inviting it', async () => {
    const { calls, user } = setup({ invitations: [invitation, other] });
    await verifyPhone(user);
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.body).toMatchObject({ phoneNumber: '+919800000001', purpose: 'staff_invitation' });
    expect(callsTo(calls, 'POST /api/otp/verify')[0]!.body).toEqual({ phoneNumber: '+919800000001', otp: '123456', purpose: 'staff_invitation' });
    const card = await screen.findByRole('article', { name: 'Ravi Stores' });
    expect(within(card).getByText('As Cashier, named Suresh')).toBeInTheDocument();
    expect(within(card).getByText('Open until 3 Apr 2999')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Meena Medicals' })).getByText('As Manager, named Suresh K')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('has a new account choose its PIN, refused as registration refuses it, then signs in', async () => {
    const { calls, onJoined, user } = setup();
    await verifyPhone(user);
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Stores' })).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Choose your PIN' })).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    await expectNoAxeViolations();
    const pin = screen.getByLabelText('Choose a 4-digit PIN');
    const confirm = screen.getByLabelText('Confirm PIN');
    const submit = screen.getByRole('button', { name: 'Accept and sign in' });

    await user.type(pin, '1234');
    await user.type(confirm, '1234');
    await user.click(submit);
    await expectToast('Invalid PIN', 'This PIN is too easy to guess. Choose another.');

    await user.clear(pin);
    await user.clear(confirm);
    await user.type(pin, '5731');
    await user.type(confirm, '5732');
    expect(screen.getByText('PINs do not match')).toBeInTheDocument();
    await user.click(submit);
    await expectToast("PINs don't match");

    await user.clear(pin);
    await user.type(pin, '57');
    await user.click(submit);
    await expectToast('Invalid PIN', 'PIN must be exactly 4 digits');
    expect(callsTo(calls, 'POST /api/staff/invitations/inv-1/accept')).toHaveLength(0);

    await user.clear(pin);
    await user.clear(confirm);
    await user.type(pin, '5731');
    await user.type(confirm, '5731');
    await user.click(submit);
    await expectToast('Welcome to Ravi Stores', 'You work there as Cashier.');
    expect(callsTo(calls, 'POST /api/staff/invitations/inv-1/accept')[0]!.body).toEqual({ pin: '5731', confirmPin: '5731' });
    expect(onJoined).toHaveBeenCalledWith(session);
  });

  it('shows the server\'s refusal of a PIN and stays on the PIN', async () => {
    const { onJoined, user } = setup({
      more: {
        'POST /api/staff/invitations/inv-1/accept': () =>
          apiError(400, 'PIN and confirmation do not match', 'invalid_input', 'pin_confirmation_mismatch'),
      },
    });
    await verifyPhone(user);
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Stores' })).getByRole('button', { name: 'Accept' }));
    await user.type(await screen.findByLabelText('Choose a 4-digit PIN'), '5731');
    await user.type(screen.getByLabelText('Confirm PIN'), '5731');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await expectToast('Could not accept the invitation', 'PIN and confirmation do not match');
    expect(screen.getByRole('heading', { name: 'Choose your PIN' })).toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('accepts at once for a phone that has a staff account: it keeps its PIN', async () => {
    const { calls, onJoined, user } = setup({ hasAccount: true });
    await verifyPhone(user);
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Stores' })).getByRole('button', { name: 'Accept' }));
    await expectToast('Welcome to Ravi Stores', 'You work there as Cashier.');
    expect(callsTo(calls, 'POST /api/staff/invitations/inv-1/accept')[0]!.body).toEqual({});
    expect(screen.queryByLabelText('Choose a 4-digit PIN')).not.toBeInTheDocument();
    expect(onJoined).toHaveBeenCalledWith(session);
  });

  it('declines an invitation, which leaves the list', async () => {
    const { calls, user } = setup({
      hasAccount: true,
      invitations: [invitation, other],
      more: { 'POST /api/staff/invitations/inv-2/decline': () => json(200, { success: true }) },
    });
    await verifyPhone(user);
    await user.click(within(await screen.findByRole('article', { name: 'Meena Medicals' })).getByRole('button', { name: 'Decline' }));
    await expectToast('Invitation declined', 'Meena Medicals has been told.');
    expect(callsTo(calls, 'POST /api/staff/invitations/inv-2/decline')).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'Meena Medicals' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ravi Stores' })).toBeInTheDocument();
  });

  it('says an invitation has expired and asks for the list again', async () => {
    let open = [invitation];
    const { calls, onJoined, user } = setup({
      hasAccount: true,
      more: {
        'GET /api/staff/invitations': () => json(200, { hasAccount: true, invitations: open }),
        'POST /api/staff/invitations/inv-1/accept': () => {
          open = [];
          return apiError(410, 'This invitation has expired. Ask the shop for a new one.', 'staff_invitation_expired');
        },
      },
    });
    await verifyPhone(user);
    await user.click(within(await screen.findByRole('article', { name: 'Ravi Stores' })).getByRole('button', { name: 'Accept' }));
    await expectToast('Could not accept the invitation', 'This invitation has expired. Ask the shop for a new one.');
    expect(await screen.findByText('No open invitations for this number')).toBeInTheDocument();
    expect(screen.getByText('Ask the shop to invite +919800000001 again.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET /api/staff/invitations')).toHaveLength(2));
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('offers to verify again when the verification has run out', async () => {
    const { user } = setup({
      more: {
        'GET /api/staff/invitations': () => apiError(
          400, 'Please verify your phone number with an OTP to see your invitations.', 'otp_proof_missing', 'otp_proof_missing',
          { purpose: 'staff_invitation' },
        ),
      },
    });
    await verifyPhone(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your phone number with an OTP to see your invitations.');
    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(await screen.findByRole('heading', { name: 'Verify your phone' })).toBeInTheDocument();
  });
});
