import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { expectNoSavedPassword } from '../test-fixtures';
import { EnterCounterModeDialog } from './enter-counter-mode-dialog';

const counterUser = { id: 'counter-1', role: 'counter', name: 'Ravi Stores', phone: null, email: null };
const merchantMe = {
  user: { id: 'u1', role: 'business', name: 'Ravi Kumar', phone: '+919812345678', email: 'ravi@example.com' },
  business: null, language: null,
};

function setup(enter: (call: RecordedCall) => Response = () => json(200, { sessionToken: 'counter-token', user: counterUser })) {
  window.localStorage.setItem('sessionToken', 'merchant-token');
  const calls = stubFetch({
    'POST /api/auth/counter/enter': enter,
    'GET /api/auth/me': () => json(200, { user: counterUser, business: null, language: null }),
  });
  const user = userEvent.setup();
  const view = renderWithApp(<EnterCounterModeDialog open onOpenChange={() => {}} />);
  view.client.setQueryData(['/api/auth/me'], merchantMe);
  view.client.setQueryData(['/api/credit-accounts/business'], { creditAccounts: [{ id: 'a1', customerName: 'Asha Rao' }] });
  return { calls, user, view };
}

describe('entering counter mode', () => {
  it("exchanges the merchant's session: the counter token replaces the merchant's and the dashboard's data is forgotten", async () => {
    const { calls, user, view } = setup();
    await user.type(screen.getByLabelText('Enter your PIN'), '4829');
    await user.click(screen.getByRole('button', { name: 'Start counter mode' }));
    await waitFor(() => expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(1));
    const [enter] = callsTo(calls, 'POST /api/auth/counter/enter');
    expect(enter!.body).toEqual({ pin: '4829' });
    expect(enter!.headers.get('Authorization')).toBe('Bearer merchant-token');
    expect(window.localStorage.getItem('sessionToken')).toBe('counter-token');
    expect(callsTo(calls, 'GET /api/auth/me')[0]!.headers.get('Authorization')).toBe('Bearer counter-token');
    await waitFor(() => expect(view.client.getQueryData<{ user: { role: string } }>(['/api/auth/me'])?.user.role).toBe('counter'));
    expect(view.client.getQueryData(['/api/credit-accounts/business'])).toBeUndefined();
  });

  it("shows the server's message for a wrong PIN and keeps the merchant's session", async () => {
    const { calls, user, view } = setup(() => apiError(403, 'Incorrect PIN. 4 attempts left.', 'pin_incorrect'));
    await user.type(screen.getByLabelText('Enter your PIN'), '1111');
    await user.click(screen.getByRole('button', { name: 'Start counter mode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect PIN. 4 attempts left.');
    expect(screen.getByLabelText('Enter your PIN')).toHaveValue('');
    expect(window.localStorage.getItem('sessionToken')).toBe('merchant-token');
    expect(callsTo(calls, 'GET /api/auth/me')).toHaveLength(0);
    expect(view.client.getQueryData(['/api/auth/me'])).toEqual(merchantMe);
  });

  it('shows the lock', async () => {
    const { user } = setup(() => apiError(429, 'Too many wrong PINs. Try again in 15 minutes.', 'account_locked'));
    await user.type(screen.getByLabelText('Enter your PIN'), '1111');
    await user.click(screen.getByRole('button', { name: 'Start counter mode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong PINs. Try again in 15 minutes.');
  });

  it('offers no saved password and no show-PIN button in its PIN field', () => {
    setup();
    const field = screen.getByLabelText('Enter your PIN');
    expectNoSavedPassword(field);
    expect(screen.queryByRole('button', { name: 'Show PIN' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Start counter mode' })).toHaveAttribute('autocomplete', 'off');
  });

  it('keeps only four digits', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Enter your PIN'), '12a345');
    expect(screen.getByLabelText('Enter your PIN')).toHaveValue('1234');
  });
});
