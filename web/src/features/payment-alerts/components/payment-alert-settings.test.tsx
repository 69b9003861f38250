import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { resetAlertPreferencesForTests } from '../preferences';
import { resetSoundForTests } from '../sound-unlock';
import { fakeAudio } from '../test-fixtures';
import { PaymentAlertSettings } from './payment-alert-settings';
import { SoundUnlockBar } from './sound-unlock-bar';

beforeEach(() => {
  resetAlertPreferencesForTests();
  resetSoundForTests();
});

describe('Settings: payment alerts', () => {
  it('starts with Payment sounds on and Say customer names off', () => {
    renderWithApp(<PaymentAlertSettings />);
    expect(screen.getByRole('switch', { name: 'Payment sounds' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Say customer names' })).not.toBeChecked();
  });

  it('remembers both choices on this device, across a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<PaymentAlertSettings />);
    await user.click(screen.getByRole('switch', { name: 'Say customer names' }));
    await user.click(screen.getByRole('switch', { name: 'Payment sounds' }));
    expect(localStorage.getItem('khata.paymentSounds')).toBe('off');
    expect(localStorage.getItem('khata.sayCustomerNames')).toBe('on');
    unmount();
    resetAlertPreferencesForTests(); // A new page load reads the storage afresh.
    renderWithApp(<PaymentAlertSettings />);
    expect(screen.getByRole('switch', { name: 'Payment sounds' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Say customer names' })).toBeChecked();
    // Names are only ever spoken with sounds on.
    expect(screen.getByRole('switch', { name: 'Say customer names' })).toBeDisabled();
  });
});

describe('Turn on sound', () => {
  it('shows the bar until a tap lets the page play sound', async () => {
    const audio = fakeAudio('suspended');
    const user = userEvent.setup();
    renderWithApp(<SoundUnlockBar />);
    await user.click(screen.getByRole('button', { name: 'Turn on sound' }));
    expect(audio.contexts).toBe(1);
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
  });

  it('shows no bar with Payment sounds off', () => {
    fakeAudio('suspended');
    localStorage.setItem('khata.paymentSounds', 'off');
    const { unmount } = renderWithApp(<SoundUnlockBar />);
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
    unmount();
  });
});
