/** The customer's Quick Actions: Scan QR and My Code, with a line on what My Code is for. */
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { QuickActions } from './quick-actions';

describe('Quick Actions', () => {
  it('says My Code lets a shop find the customer, as the button\'s description too', async () => {
    const onShowCode = vi.fn();
    render(<I18nProvider i18n={i18n}><QuickActions onScan={vi.fn()} onShowCode={onShowCode} /></I18nProvider>);
    const myCode = screen.getByRole('button', { name: 'My Code Receive Payment' });
    expect(myCode).toHaveAccessibleDescription('Show My Code to a shop so they can find your account.');
    expect(screen.getByText('Show My Code to a shop so they can find your account.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scan QR Make Payment' })).not.toHaveAttribute('aria-describedby');
    await userEvent.click(myCode);
    expect(onShowCode).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations();
  });
});
