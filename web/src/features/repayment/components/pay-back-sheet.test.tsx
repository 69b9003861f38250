import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { json, stubFetch } from '@/test/fetch-stub';
import { expectFieldError, expectNoFieldError } from '@/test/field-error';
import { kumarAccount } from '@/test/credit-accounts';
import { renderWithApp } from '@/test/render';
import { PayBackSheet } from './pay-back-sheet';

const qrCode = vi.hoisted(() => ({ toCanvas: vi.fn(async () => {}) }));
vi.mock('qrcode', () => ({ default: qrCode, ...qrCode }));

const account = kumarAccount;

function setup() {
  stubFetch({ 'POST /api/credit-accounts/acc-kumar/repayment-claims': () => json(500, {}) });
  const user = userEvent.setup();
  renderWithApp(<PayBackSheet account={account} open onOpenChange={() => {}} />);
  const sheet = screen.getByRole('dialog', { name: 'Pay back Kumar & Sons Kirana' });
  return { user, sheet, amount: within(sheet).getByLabelText('Amount (₹)') };
}

describe('Pay back: errors under the fields', () => {
  it('says under the amount, as it is typed, what is wrong with it, and nothing once it is right', async () => {
    const { user, sheet, amount } = setup();
    expectNoFieldError(amount);
    await user.clear(amount);
    await user.type(amount, '1300');
    expectFieldError(amount, 'Repayment cannot be more than what is owed (₹1,249.90)');
    await expectNoAxeViolations();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expectFieldError(amount, 'Please enter a valid amount greater than 0');
    await user.clear(amount);
    await user.type(amount, '500');
    expectNoFieldError(amount);
    expect(within(sheet).getByRole('link', { name: 'Pay with UPI app' })).toBeInTheDocument();
  });

  it('says under the UPI reference that it is 12 digits, after its hint, until it is', async () => {
    const { user, sheet } = setup();
    await user.click(within(sheet).getByRole('button', { name: 'I have paid' }));
    const reference = await within(sheet).findByLabelText('UPI reference (optional)');
    await user.type(reference, '12345');
    await user.click(within(sheet).getByRole('button', { name: 'Send to Kumar & Sons Kirana' }));
    expectFieldError(reference, 'UPI reference is 12 digits');
    expect(reference).toHaveAttribute('aria-describedby', 'pay-back-reference-hint pay-back-reference-error');
    await expectNoAxeViolations();
    await user.type(reference, '6789012');
    expectNoFieldError(reference);
  });
});
