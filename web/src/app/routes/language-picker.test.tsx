/**
 * Choosing a language on a sign-in screen (docs/product.md#languages): the screen speaks it at once,
 * `<html lang>` follows, and the browser remembers it for the next visit.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerLogin } from '@/app/routes/customer-login';
import { renderWithApp } from '@/test/render';
import { activate, pendingChoice, startingLanguage } from '@/i18n/i18n';

afterEach(async () => {
  localStorage.clear();
  await activate('en');
});

describe('the language picker', () => {
  it('speaks Hindi, then Tamil, at once, and remembers the choice', async () => {
    const user = userEvent.setup();
    renderWithApp(<CustomerLogin />, { path: '/cust' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'हिन्दी');
    expect(await screen.findByRole('heading', { name: 'फिर से स्वागत है' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉगिन करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('मोबाइल नंबर')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');

    await user.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'தமிழ்');
    expect(await screen.findByRole('heading', { name: 'மீண்டும் வருக' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ta');

    // The next visit (a reload) starts in it, and the next sign-in saves it on the user.
    expect(startingLanguage()).toBe('ta');
    expect(pendingChoice()).toBe('ta');
  });

  it('starts in the browser\'s preferred language on a first visit, English when Khata does not speak it', () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    try {
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['ta-IN', 'en'] });
      expect(startingLanguage()).toBe('ta');
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR', 'de'] });
      expect(startingLanguage()).toBe('en');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      Object.defineProperty(Navigator.prototype, 'languages', original);
    }
  });
});
