import { act, screen } from '@testing-library/react';
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
  it('offers the button until a tap lets the page play sound, then says "Sound on" in the same box', async () => {
    const audio = fakeAudio('suspended');
    const user = userEvent.setup();
    renderWithApp(<SoundUnlockBar />);
    const bar = screen.getByRole('button', { name: 'Turn on sound' }).parentElement!;
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on sound' }));
    expect(audio.contexts).toBe(1);
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sound on');
    expect(screen.getByRole('status').parentElement).toBe(bar);
  });

  it('keeps its box after the first tap anywhere on the page: both states share one grid cell', async () => {
    fakeAudio('suspended');
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SoundUnlockBar />
        <button type="button">Exit counter mode</button>
      </>,
    );
    const bar = screen.getByRole('button', { name: 'Turn on sound' }).parentElement!;
    const layers = () => [...bar.children];
    expect(bar).toHaveClass('grid');
    expect(layers().map((layer) => layer.className.includes('[grid-area:1/1]'))).toEqual([true, true]);
    // The first tap lands on another control: the page may play sound now, and the bar stays.
    await user.click(screen.getByRole('button', { name: 'Exit counter mode' }));
    expect(bar).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sound on');
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
    // The words of the button stay, invisible, so the box keeps the button's size.
    const twin = layers()[0]!;
    expect(twin).toHaveTextContent('Turn on sound');
    expect(twin).toHaveClass('invisible', '[grid-area:1/1]');
    expect(twin).toHaveAttribute('aria-hidden', 'true');
    expect(layers()).toHaveLength(2);
  });

  it('says "Sound off" in the same box when Payment sounds are turned off after the tap', async () => {
    fakeAudio('suspended');
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SoundUnlockBar />
        <PaymentAlertSettings />
      </>,
    );
    await user.click(screen.getByRole('switch', { name: 'Payment sounds' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sound off');
    await user.click(screen.getByRole('switch', { name: 'Payment sounds' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sound on');
  });

  it('shows nothing on a page already tapped, where the browser lets sound play at once', async () => {
    const audio = fakeAudio('running');
    // A sign-in typed on this page already counts as the tap.
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { hasBeenActive: true } });
    try {
      renderWithApp(<SoundUnlockBar />);
      expect(audio.contexts).toBe(1);
      await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
      expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('offers the button on a page already tapped when the browser still refuses sound', async () => {
    fakeAudio('suspended');
    // This browser wants a tap in the same moment, not one made earlier on the page: it stays suspended.
    window.AudioContext.prototype.resume = () => Promise.resolve();
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { hasBeenActive: true } });
    try {
      renderWithApp(<SoundUnlockBar />);
      expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Turn on sound' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('shows no bar with Payment sounds off', () => {
    fakeAudio('suspended');
    localStorage.setItem('khata.paymentSounds', 'off');
    const { unmount } = renderWithApp(<SoundUnlockBar />);
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
    unmount();
  });
});
