import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LedgerEventData } from '@common/schemas/events';
import { renderWithApp } from '@/test/render';
import { expectToast } from '@/test/toast';
import { resetAlertPreferencesForTests } from './preferences';
import { resetSoundForTests } from './sound-unlock';
import { fakeAudio, fakeSpeech } from './test-fixtures';
import { usePaymentAlerts } from './use-payment-alerts';

const row = (transactionId: string, change: Partial<LedgerEventData> = {}): LedgerEventData => ({
  transactionId, type: 'payment', amount: '250.00', fee: '5.00', totalAmount: '255.00', customerName: 'Asha Rao',
  businessName: 'Ravi Stores', createdAt: '2025-03-04T09:30:00.000Z', ...change,
});

let alert: (event: LedgerEventData) => void = () => {};
function Probe() {
  alert = usePaymentAlerts();
  return null;
}

beforeEach(() => {
  resetAlertPreferencesForTests();
  resetSoundForTests();
});

describe("the merchant's payment alerts", () => {
  it('stay silent for a refund and a reversal: no toast, no chime, no sentence', async () => {
    const audio = fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    renderWithApp(<Probe />);
    act(() => {
      alert(row('rf-1', { type: 'refund', originalId: 'p1' }));
      alert(row('rv-1', { type: 'reversal', amount: '500.00', fee: '0.00', totalAmount: '500.00', originalId: 'r1' }));
    });
    // A payment after them is shown and said, and it alone.
    act(() => alert(row('p-2', { amount: '60.00' })));
    await expectToast('Payment received', '₹60.00 from Asha Rao');
    await waitFor(() => expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹60 on Khata']));
    expect(screen.getAllByText('Payment received')).toHaveLength(1);
    expect(screen.queryByText('₹250.00 from Asha Rao')).not.toBeInTheDocument();
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
  });
});
