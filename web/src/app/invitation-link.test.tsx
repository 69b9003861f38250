import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCreditAccount, MeResponse } from '@common/api/types';
import { App } from '@/app/app';
import { pendingInvitationCodeKey } from '@/features/invitation-link/invitation-link';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { approvedOwnerMe } from '@/test/shops';

vi.mock('qrcode', () => {
  const qrCode = { toCanvas: async () => {}, toDataURL: async () => 'data:image/png;base64,' };
  return { default: qrCode, ...qrCode };
});

const code = 'Zx8kQ2mN4p';
const linkUrl = `GET /api/invitations/${code}`;
const refuseUrl = `POST /api/invitations/${code}/refuse`;
const acceptUrl = 'POST /api/customer/invitations/inv-1/accept';
const declineUrl = 'POST /api/customer/invitations/inv-1/decline';
const raviId = '0b6f5a44-6c1f-4c59-9d0e-6f1f3c1a2b03';

type Status = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
const link = (status: Status = 'pending') => ({
  id: 'inv-1', businessName: 'Ravi Stores', name: 'Asha', phoneNumber: '+919876543210', creditLimit: '2000.00',
  language: 'en', status, expiresAt: '2999-04-03T09:30:00.000Z',
});
const offerText = 'Ravi Stores offers Asha a Khata credit account with a limit of ₹2,000.00';

const customer: MeResponse = {
  user: { id: 'c1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null },
  shop: null,
  language: null,
  business: null,
};
const otherCustomer: MeResponse = { ...customer, user: { ...customer.user, id: 'c2', name: 'Meena', phone: '+919800000001' } };
const admin: MeResponse = {
  user: { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' },
  shop: null,
  language: null,
  business: null,
};
const merchant = approvedOwnerMe('b1');

const ravi: CustomerCreditAccount = {
  id: 'acc-ravi', businessId: raviId, business: { businessName: 'Ravi Stores' }, currentBalance: '2000.00', creditLimit: '2000.00',
  owed: '0.00', overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false,
};

const signedOut = () => apiError(401, 'Not signed in', 'not_signed_in');
const notPending = () => apiError(409, 'This invitation is no longer open', 'invitation_not_pending');

/**
 * The app at `path`, with the server answering as one holding the invitation would; the
 * customer's accounts gain Ravi Stores once it is accepted.
 */
function renderAt(path: string, me: () => Response, more: Record<string, (call: RecordedCall) => Response> = {}) {
  let accounts: CustomerCreditAccount[] = [];
  const calls = stubFetch({
    'GET /api/auth/me': me,
    [linkUrl]: () => json(200, link()),
    [acceptUrl]: () => {
      accounts = [ravi];
      return json(201, { creditAccount: ravi });
    },
    'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: accounts }),
    'GET /api/transactions/customer?limit=15': () => json(200, { transactions: [], nextCursor: null }),
    [`GET /api/transactions/customer?limit=15&businessId=${raviId}`]: () => json(200, { transactions: [], nextCursor: null }),
    'GET /api/credit-accounts/acc-ravi/repayment-claims': () => json(200, { claims: [] }),
    'GET /api/customer/invitations': () => json(200, { invitations: [] }),
    ...more,
  });
  const user = userEvent.setup();
  return { ...renderWithApp(<App />, { path }), calls, user };
}

/** The account screen at Ravi Stores, where an accepted invitation lands. */
async function expectRaviAccount() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Stores' })).toBeInTheDocument();
  const account = await screen.findByRole('region', { name: 'Credit account' });
  expect(account).toHaveTextContent('Limit₹2,000.00');
}

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('/i/:code signed in with the invited number', () => {
  it('shows the offer; Accept opens the account, says so and lands on it', async () => {
    const { user, calls, location } = renderAt(`/i/${code}`, () => json(200, customer));
    expect(await screen.findByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my Khata' })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await expectToast('Account opened with Ravi Stores');
    await expectRaviAccount();
    expect(callsTo(calls, acceptUrl)).toHaveLength(1);
    expect(location.history?.at(-1)).toBe(`/accounts/${raviId}`);
  });

  it('declines: the page then says it was declined', async () => {
    let status: Status = 'pending';
    const { user, calls } = renderAt(`/i/${code}`, () => json(200, customer), {
      [linkUrl]: () => json(200, link(status)),
      [declineUrl]: () => {
        status = 'declined';
        return json(200, { success: true });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined this invitation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(callsTo(calls, declineUrl)).toHaveLength(1);
    expect(callsTo(calls, linkUrl)).toHaveLength(2);
    // A declined invitation may still be refused, so the shop stops inviting.
    expect(screen.getByRole('button', { name: "I don't want this" })).toBeInTheDocument();
  });

  it('says an invitation withdrawn meanwhile is no longer open, and shows where it stands', async () => {
    let status: Status = 'pending';
    const { user } = renderAt(`/i/${code}`, () => json(200, customer), {
      [linkUrl]: () => json(200, link(status)),
      [acceptUrl]: () => {
        status = 'cancelled';
        return notPending();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await expectToast('Error', 'This invitation is no longer open');
    expect(await screen.findByText('This invitation was cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I don't want this" })).not.toBeInTheDocument();
  });

  it('says the customer already has an account at the shop', async () => {
    const { user } = renderAt(`/i/${code}`, () => json(200, customer), {
      [acceptUrl]: () => apiError(409, 'You already have a credit account with Ravi Stores', 'invitation_account_exists',
        'invitation_account_exists', { businessName: 'Ravi Stores' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await expectToast('Error', 'You already have a credit account with Ravi Stores');
  });

  it('tells a customer signed in with another number that the invitation is not theirs to accept', async () => {
    renderAt(`/i/${code}`, () => json(200, otherCustomer));
    expect(await screen.findByText('This invitation is for another mobile number.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to my accounts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I don't want this" })).toBeInTheDocument();
  });

  it.each([
    ['a merchant', merchant],
    ['an admin', admin],
  ])('shows %s the 404 page', async (_, me) => {
    const { calls } = renderAt(`/i/${code}`, () => json(200, me));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(callsTo(calls, linkUrl)).toHaveLength(0);
  });
});

describe('/i/:code, where the invitation stands', () => {
  it.each<[Status, string, boolean]>([
    ['expired', 'This invitation has expired', true],
    ['cancelled', 'This invitation was cancelled', false],
    ['accepted', 'You accepted this invitation', false],
    ['declined', 'You declined this invitation', true],
  ])('%s: says "%s", and offers "I don’t want this": %s', async (status, note, refusable) => {
    renderAt(`/i/${code}`, signedOut, { [linkUrl]: () => json(200, link(status)) });
    expect(await screen.findByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my Khata' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I don't want this" }) !== null).toBe(refusable);
  });

  it('says a code that names no invitation is not valid, and leads to Khata', async () => {
    const { user, location } = renderAt(`/i/${code}`, signedOut, {
      [linkUrl]: () => apiError(404, 'Invitation not found', 'not_found', 'invitation_not_found'),
    });
    expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Go to Khata' }));
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
  });

  it('offers Try again when the link cannot be asked about, then shows it', async () => {
    let answer = () => apiError(500, 'Internal error', 'internal');
    const { user, calls } = renderAt(`/i/${code}`, signedOut, { [linkUrl]: () => answer() });
    expect(await screen.findByRole('heading', { name: 'Internal error' })).toBeInTheDocument();
    answer = () => json(200, link());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    expect(callsTo(calls, linkUrl)).toHaveLength(2);
  });
});

describe('/i/:code, I don’t want this', () => {
  it('asks first, then refuses: the shop cannot invite the number again', async () => {
    const { user, calls } = renderAt(`/i/${code}`, signedOut, { [refuseUrl]: () => json(200, { success: true }) });
    await user.click(await screen.findByRole('button', { name: "I don't want this" }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Stores will not be able to invite this number again' });
    expect(callsTo(calls, refuseUrl)).toHaveLength(0);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: "I don't want this" }));
    expect(await screen.findByRole('heading', { name: 'Done. Ravi Stores cannot invite you again.' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, refuseUrl)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Go to Khata' })).toBeInTheDocument();
  });

  it('refuses nothing when Cancel is pressed', async () => {
    const { user, calls } = renderAt(`/i/${code}`, () => json(200, customer));
    await user.click(await screen.findByRole('button', { name: "I don't want this" }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Stores will not be able to invite this number again' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, refuseUrl)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('says a refusal the server turns down in its words, in the dialog', async () => {
    const { user } = renderAt(`/i/${code}`, signedOut, { [refuseUrl]: notPending });
    await user.click(await screen.findByRole('button', { name: "I don't want this" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: "I don't want this" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation is no longer open');
    expect(screen.queryByText('Done. Ravi Stores cannot invite you again.')).not.toBeInTheDocument();
  });
});

describe('/i/:code signed out', () => {
  it('shows the offer with Create my Khata and I already have Khata', async () => {
    renderAt(`/i/${code}`, signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create my Khata' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I already have Khata' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('Create my Khata: registers with the number filled in, accepts with the new session and lands on the account', async () => {
    let me = signedOut;
    const { user, calls, location } = renderAt(`/i/${code}`, () => me(), {
      'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
      'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
      'POST /api/auth/customer/register': () => {
        me = () => json(200, customer);
        return json(201, { sessionToken: 'tok-new', user: customer.user });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create my Khata' }));
    expect(await screen.findByLabelText('Mobile Number')).toHaveValue('9876543210');
    expect(screen.getByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829{Enter}');

    await expectToast('Account opened with Ravi Stores');
    await expectRaviAccount();
    expect(callsTo(calls, 'POST /api/otp/send')[0]!.body).toEqual({ phoneNumber: '+919876543210', purpose: 'registration' });
    const [accept] = callsTo(calls, acceptUrl);
    expect(accept!.headers.get('Authorization')).toBe('Bearer tok-new');
    expect(window.localStorage.getItem('sessionToken')).toBe('tok-new');
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/accounts/${raviId}`));
  });

  it('Create my Khata: registered but refused the account, says why and opens the home', async () => {
    let me = signedOut;
    const { user, location } = renderAt(`/i/${code}`, () => me(), {
      'POST /api/otp/send': () => json(200, { success: true, expiresInSeconds: 300 }),
      'POST /api/otp/verify': () => json(200, { success: true, verified: true }),
      'POST /api/auth/customer/register': () => {
        me = () => json(200, customer);
        return json(201, { sessionToken: 'tok-new', user: customer.user });
      },
      [acceptUrl]: notPending,
    });
    await user.click(await screen.findByRole('button', { name: 'Create my Khata' }));
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP'), '123456{Enter}');
    await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('PIN'), '4829');
    await user.type(screen.getByLabelText('Confirm PIN'), '4829{Enter}');

    await expectToast('Error', 'This invitation is no longer open');
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/');
  });

  it('Create my Khata, then Back: the offer again', async () => {
    const { user } = renderAt(`/i/${code}`, signedOut);
    await user.click(await screen.findByRole('button', { name: 'Create my Khata' }));
    await screen.findByLabelText('Mobile Number');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'I already have Khata' })).toBeInTheDocument();
  });

  it('I already have Khata: signs in at /cust, comes back to the offer, and accepts', async () => {
    let me = signedOut;
    const { user, calls, location } = renderAt(`/i/${code}`, () => me(), {
      'POST /api/auth/customer/login': () => {
        me = () => json(200, customer);
        return json(200, { sessionToken: 'tok-1', user: customer.user });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'I already have Khata' }));
    expect(await screen.findByLabelText('Mobile Number')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/cust');
    expect(window.sessionStorage.getItem(pendingInvitationCodeKey)).toBe(code);

    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('PIN'), '4829{Enter}');

    const accept = await screen.findByRole('button', { name: 'Accept' });
    // Signed in at /cust, then back here in place of the home.
    expect(location.history?.slice(-2)).toEqual(['/cust', `/i/${code}`]);
    expect(window.sessionStorage.getItem(pendingInvitationCodeKey)).toBeNull();
    await user.click(accept);
    await expectToast('Account opened with Ravi Stores');
    await expectRaviAccount();
    expect(callsTo(calls, acceptUrl)).toHaveLength(1);
  });

  it('comes back to a kept link once: the next start opens the home', async () => {
    window.sessionStorage.setItem(pendingInvitationCodeKey, code);
    const first = renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    first.unmount();
    const second = renderAt('/', () => json(200, customer));
    expect(await screen.findByRole('region', { name: 'My Merchants' })).toBeInTheDocument();
    expect(callsTo(second.calls, linkUrl)).toHaveLength(0);
  });
});
