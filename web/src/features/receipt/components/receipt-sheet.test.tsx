import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '@common/api/types';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { paidReceiptLines, paidRow } from '@/test/receipts';
import { expectToast } from '@/test/toast';
import { LazyReceiptSheet } from './lazy-receipt-sheet';

const payment = paidRow;

const repayment: TransactionView = {
  ...payment, id: 'r-1', type: 'repayment', amount: '500.00', fee: '0.00', totalAmount: '500.00', availableCredit: '4225.00',
};

function Harness({ transactionId }: { transactionId: string }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(transactionId)}>
        Open receipt
      </button>
      <LazyReceiptSheet transactionId={open} onClose={() => setOpen(null)} />
    </>
  );
}

function setup(transaction: TransactionView, answer: () => Response = () => json(200, { transaction })) {
  const calls = stubFetch({ [`GET /api/transactions/${transaction.id}`]: answer });
  const user = userEvent.setup();
  renderWithApp(<Harness transactionId={transaction.id} />);
  return { calls, user };
}

async function openReceipt(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open receipt' }));
  return screen.findByRole('dialog', { name: 'Receipt' });
}

/** The value a receipt shows for a label (its <dt> and <dd>). */
function figure(dialog: HTMLElement, label: string): string | null {
  const term = within(dialog).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
});

describe('Receipt', () => {
  it("shows a payment's figures as the ledger row gives them, fetched by its id", async () => {
    const { calls, user } = setup(payment);
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Shop')).toBe('Kumar Kirana');
    expect(figure(dialog, 'Address')).toBe('12 MG Road, Pune');
    expect(figure(dialog, 'Phone')).toBe('+919876543210');
    expect(figure(dialog, 'Type')).toBe('Payment');
    expect(figure(dialog, 'Amount')).toBe('₹1,250.00');
    expect(figure(dialog, 'Fee')).toBe('₹25.00');
    expect(figure(dialog, 'Total')).toBe('₹1,275.00');
    expect(figure(dialog, 'Date and time')).toMatch(/^12 Jan 2025, 3:45\s?pm$/i);
    // The short reference, not the 36-character id.
    expect(figure(dialog, 'Reference')).toBe('9F3A-1C07');
    expect(within(dialog).queryByText('Transaction ID')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(payment.id)).not.toBeInTheDocument();
    expect(figure(dialog, 'Available credit after this payment')).toBe('₹3,725.00');
    expect(callsTo(calls, `GET /api/transactions/${payment.id}`)).toHaveLength(1);
  });

  it('shows a repayment with its amount and no fee or total', async () => {
    const { user } = setup(repayment);
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Type')).toBe('Repayment');
    expect(figure(dialog, 'Amount')).toBe('₹500.00');
    expect(within(dialog).queryByText('Fee')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Total')).not.toBeInTheDocument();
    expect(figure(dialog, 'Available credit afterwards')).toBe('₹4,225.00');
  });

  it('says a payment approved with a code sent by SMS was, on screen and in the text it shares', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const { user } = setup({ ...payment, bySmsCode: true });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Approval')).toBe('Approved by SMS code');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    const [shared] = share.mock.calls[0] as unknown as [{ text: string }];
    expect(shared.text.split('\n').slice(4, 6)).toEqual(['Type: Payment', 'Approval: Approved by SMS code']);
  });

  it('says nothing of an approval for a payment made with the PIN', async () => {
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(within(dialog).queryByText('Approval')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Approved by SMS code')).not.toBeInTheDocument();
  });

  it('shares the receipt through the share sheet where there is one, with the shop, its address and phone and the reference', async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Share' }));
    expect(within(dialog).queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
    expect(share).toHaveBeenCalledTimes(1);
    const [shared] = share.mock.calls[0] as unknown as [{ title: string; text: string }];
    expect(shared.title).toBe('Khata receipt');
    expect(shared.text.split('\n')).toEqual(paidReceiptLines);
  });

  it('keeps Copy beside Share', async () => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn(async () => {}) });
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy' }));
    await expectToast('Receipt copied');
    expect(writeText.mock.calls[0]![0].split('\n')).toEqual(paidReceiptLines);
  });

  it('offers a WhatsApp message with the receipt, opened in a new tab, where there is no share sheet', async () => {
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    expect('share' in navigator).toBe(false);
    const link = await within(dialog).findByRole('link', { name: 'Share on WhatsApp' });
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')!.split('\n')).toEqual(paidReceiptLines);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves the phone out of a receipt whose shop has none', async () => {
    const { user } = setup({ ...payment, business: { ...payment.business, phone: null } });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Address')).toBe('12 MG Road, Pune');
    expect(within(dialog).queryByText('Phone')).not.toBeInTheDocument();
  });

  it('says nothing when the share sheet is closed without sharing', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await within(dialog).findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Receipt copied')).not.toBeInTheDocument();
  });

  it("copies the receipt's text where there is no share sheet, saying 'Receipt copied'", async () => {
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    expect('share' in navigator).toBe(false);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy' }));
    await expectToast('Receipt copied');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]![0].split('\n')).toEqual(paidReceiptLines);
  });

  it("shows the server's refusal for a row that is not the customer's, and tries again", async () => {
    let answer = () => apiError(404, 'Transaction not found', 'transaction_not_found');
    const { calls, user } = setup(payment, () => answer());
    const dialog = await openReceipt(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction not found');
    answer = () => json(200, { transaction: payment });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('₹3,725.00')).toBeInTheDocument();
    expect(callsTo(calls, `GET /api/transactions/${payment.id}`)).toHaveLength(2);
  });

  it("shows what a payment has had refunded and where its report stands", async () => {
    const { user } = setup({
      ...payment, refunded: '250.00', refundedFee: '5.00',
      report: { id: 'rep-1', reason: 'wrong_amount', status: 'declined', note: null, declineReason: 'The bill is signed', createdAt: payment.createdAt },
    });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Refunded')).toBe('₹250.00');
    expect(figure(dialog, 'Report')).toBe('Declined: The bill is signed');
  });

  it('shows a refund with the fee it gives back, its total and its reason', async () => {
    const { user } = setup({
      ...payment, id: 'rf-1', type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', originalId: payment.id,
      reason: 'Returned the rice', availableCredit: '3980.00',
    });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Type')).toBe('Refund');
    expect(figure(dialog, 'Amount')).toBe('₹250.00');
    expect(figure(dialog, 'Fee')).toBe('₹5.00');
    expect(figure(dialog, 'Total')).toBe('₹255.00');
    expect(figure(dialog, 'Reason')).toBe('Returned the rice');
    expect(figure(dialog, 'Available credit afterwards')).toBe('₹3,980.00');
  });

  it('shows a reversal as a repayment is shown, with its reason', async () => {
    const { user } = setup({ ...repayment, id: 'rv-1', type: 'reversal', originalId: repayment.id, reason: 'Recorded twice' });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Type')).toBe('Reversal');
    expect(figure(dialog, 'Amount')).toBe('₹500.00');
    expect(figure(dialog, 'Reason')).toBe('Recorded twice');
    expect(within(dialog).queryByText('Fee')).not.toBeInTheDocument();
  });

  it('says a reversed repayment is reversed', async () => {
    const { user } = setup({ ...repayment, reversed: true });
    const dialog = await openReceipt(user);
    await within(dialog).findByText('Kumar Kirana');
    expect(figure(dialog, 'Status')).toBe('Reversed');
  });

  it("shows the opener's buttons for the row under its figures", async () => {
    stubFetch({ [`GET /api/transactions/${payment.id}`]: () => json(200, { transaction: payment }) });
    const user = userEvent.setup();
    renderWithApp(<LazyReceiptSheet transactionId={payment.id} onClose={() => {}} actions={(row) => <button type="button">{`Act on ${row.type}`}</button>} />);
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(dialog).findByRole('button', { name: 'Act on payment' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('closes with Close', async () => {
    const { user } = setup(payment);
    const dialog = await openReceipt(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Receipt' })).not.toBeInTheDocument();
  });
});
