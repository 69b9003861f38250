import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserView } from '@common/api/types';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { InvitationLinkPage } from './invitation-link-page';

const code = 'Zx8kQ2mN4p';
const linkUrl = `GET /api/invitations/${code}`;
const refuseUrl = `POST /api/invitations/${code}/refuse`;

type Status = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
const link = (status: Status) => ({
  id: 'inv-1', businessName: 'Ravi Stores', name: 'Asha', phoneNumber: '+919876543210', creditLimit: '2000.00',
  language: 'en', status, expiresAt: '2999-04-03T09:30:00.000Z',
});
const offerText = 'Ravi Stores offers Asha a Khata credit account with a limit of ₹2,000.00';

const customer: UserView = { id: 'c1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };

function renderPage(status: Status, user: UserView | null) {
  stubFetch({ [linkUrl]: () => json(200, link(status)), [refuseUrl]: () => json(200, { success: true }) });
  const onAccepted = vi.fn();
  return { ...renderWithApp(<InvitationLinkPage code={code} user={user} onAccepted={onAccepted} />, { path: `/i/${code}` }), user: userEvent.setup() };
}

describe('an invitation no longer open', () => {
  it.each<Status>(['expired', 'cancelled', 'accepted', 'declined'])('%s: leads a signed-out visitor on to Khata', async (status) => {
    const { user, location } = renderPage(status, null);
    expect(await screen.findByRole('heading', { level: 1, name: offerText })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to my accounts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Khata' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('leads a signed-in customer to their accounts', async () => {
    renderPage('expired', customer);
    expect(await screen.findByText('This invitation has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to my accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to Khata' })).not.toBeInTheDocument();
  });
});

describe('I don’t want this', () => {
  it.each([
    ['a signed-out visitor', null, 'Go to Khata'],
    ['the invited customer', customer, 'Go to my accounts'],
  ])('once refused, the focus is on the answer for %s, not lost with the closed dialog', async (_, signedIn, leave) => {
    const { user } = renderPage('pending', signedIn);
    await user.click(await screen.findByRole('button', { name: "I don't want this" }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Stores will not be able to invite this number again' });
    await user.click(within(dialog).getByRole('button', { name: "I don't want this" }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Done. Ravi Stores cannot invite you again.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // After the dialog has had its chance to hand the focus back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toHaveFocus();
    expect(screen.getByRole('button', { name: leave })).toBeInTheDocument();
  });
});
