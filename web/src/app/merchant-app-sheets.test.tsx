import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { approvedOwnerMe } from '@/test/shops';
import { MerchantApp } from './merchant-app';

// The two sheets' code stands in for a download that arrives only when a test says so.
const chunks = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { requested: [] as string[], arrived, release: () => release() };
});

vi.mock('@/features/credit-accounts/components/add-credit-account-sheet', async () => {
  chunks.requested.push('add-credit-account-sheet');
  await chunks.arrived;
  return { AddCreditAccountSheet: ({ open }: { open: boolean }) => open && <div role="dialog" aria-label="Add Credit Account" /> };
});
vi.mock('@/features/qr-codes/components/qr-generator', async () => {
  chunks.requested.push('qr-generator');
  await chunks.arrived;
  return { QrGenerator: ({ open }: { open: boolean }) => open && <div role="dialog" aria-label="QR Code Generator" /> };
});

const me = approvedOwnerMe('u1');

function renderMerchant() {
  stubFetch({
    'GET /api/business/stats': () => json(200, { stats: { totalRevenue: '0.00', customers: 0, creditIssued: '0.00', transactions: 0 } }),
    'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [] }),
    'GET /api/transactions/business?limit=5': () => json(200, { transactions: [], nextCursor: null }),
  });
  renderWithApp(<MerchantApp me={me} />);
}

afterEach(() => vi.useRealTimers());

describe('merchant sheets loading on demand', () => {
  // First: the modules are cached once requested.
  it('downloads both sheets when idle once the dashboard has loaded', async () => {
    renderMerchant();
    await waitFor(() => expect(chunks.requested).toEqual(expect.arrayContaining(['add-credit-account-sheet', 'qr-generator'])), {
      timeout: 3_000,
    });
  });

  it('answers the first tap on Create Customer and Generate QR Code at once, before the code arrives', async () => {
    const user = userEvent.setup();
    renderMerchant();
    await user.click(screen.getByRole('button', { name: 'Create Customer' }));
    // Before the code arrives (it is held back until released below); on a loaded machine the
    // fallback's commit has come after the click's own await, so it is waited for.
    expect(await screen.findByText('Opening…')).toBeInTheDocument();
    act(() => chunks.release());
    expect(await screen.findByRole('dialog', { name: 'Add Credit Account' })).toBeInTheDocument();
  });
});
