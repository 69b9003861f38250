import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@common/api/types';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { expectNoAxeViolations } from '@/test/axe';
import { apiError, callsTo, json, stubFetch, type RecordedCall } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { shopAs } from '@/test/shops';
import { expectToast } from '@/test/toast';
import { ShopPicker } from './shop-picker';

const shops = [
  { memberId: 'm1', businessId: 'biz1', businessName: 'Ravi Stores', role: 'cashier' },
  { memberId: 'm2', businessId: 'biz2', businessName: 'Meena Medicals', role: 'owner' },
];
const atMeena: MeResponse = {
  user: { id: 's1', role: 'staff', name: 'Suresh', phone: '+919800000001', email: null },
  business: null,
  shop: shopAs('owner', { memberId: 'm2', businessId: 'biz2', businessName: 'Meena Medicals', name: 'Suresh' }),
  language: null,
};

function setup(handlers: Record<string, (call: RecordedCall) => Response>, currentMemberId: string | null = null) {
  const calls = stubFetch(handlers);
  const onPicked = vi.fn();
  const user = userEvent.setup();
  const rendered = renderWithApp(<ShopPicker currentMemberId={currentMemberId} onPicked={onPicked} />);
  return { ...rendered, calls, onPicked, user };
}

describe('choosing the shop', () => {
  it("lists each shop with the person's role there, and opens the one chosen for this session", async () => {
    const { calls, client, onPicked, user } = setup({
      'GET /api/staff/shops': () => json(200, { shops }),
      'POST /api/staff/shop': () => json(200, atMeena),
    }, 'm1');
    client.setQueryData(['/api/business/stats'], { stats: {} });
    const meena = await screen.findByRole('button', { name: /Meena Medicals/ });
    expect(meena).toHaveTextContent('Meena MedicalsOwner');
    expect(screen.getByRole('button', { name: /Ravi Stores/ })).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('button', { name: /Ravi Stores/ })).getByText('Now')).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(meena);
    await vi.waitFor(() => expect(onPicked).toHaveBeenCalled());
    expect(callsTo(calls, 'POST /api/staff/shop')[0]!.body).toEqual({ memberId: 'm2' });
    expect(client.getQueryData(currentUserQueryKey)).toEqual(atMeena);
    // What was fetched for the other shop is gone; the list of shops stays for switching again.
    expect(client.getQueryData(['/api/business/stats'])).toBeUndefined();
    expect(client.getQueryData(['/api/staff/shops'])).toEqual({ shops });
  });

  it('says so when the person works at no shop now', async () => {
    setup({ 'GET /api/staff/shops': () => json(200, { shops: [] }) });
    expect(await screen.findByText(/You do not work at any shop on Khata now/)).toBeInTheDocument();
  });

  it("shows the server's refusal and stays", async () => {
    const { onPicked, user } = setup({
      'GET /api/staff/shops': () => json(200, { shops }),
      'POST /api/staff/shop': () => apiError(404, 'Person not found', 'not_found', 'staff_member_not_found'),
    });
    await user.click(await screen.findByRole('button', { name: /Ravi Stores/ }));
    await expectToast('Could not open the shop', 'Person not found');
    expect(onPicked).not.toHaveBeenCalled();
  });
});
