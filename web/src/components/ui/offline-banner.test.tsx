import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import { reportReachable, reportUnreachable } from '@/lib/connection';
import { setFiguresReadAt } from '@/lib/offline-cache';
import { OfflineBanner } from './offline-banner';

describe('OfflineBanner', () => {
  it('says what cannot be done while offline, in a live region that is there all along', () => {
    render(<I18nProvider i18n={i18n}><OfflineBanner /></I18nProvider>);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    act(() => reportUnreachable());
    expect(region).toHaveTextContent("You're offline. Payments and new QR codes need a connection.");
    act(() => reportReachable());
    expect(region).toHaveTextContent('');
  });

  it('says when the figures the open app shows were read, once offline, and nothing of it while none were kept', () => {
    render(<I18nProvider i18n={i18n}><OfflineBanner /></I18nProvider>);
    const region = screen.getByRole('status');
    act(() => reportUnreachable());
    expect(region).toHaveTextContent(/^You're offline\. Payments and new QR codes need a connection\.$/);
    act(() => setFiguresReadAt('2025-11-27T13:10:00.000Z'));
    expect(region).toHaveTextContent(
      "You're offline. Payments and new QR codes need a connection.Balances and history as of 27 Nov 2025, 6:40 pm",
    );
    act(() => reportReachable());
    expect(region).toHaveTextContent('');
    act(() => setFiguresReadAt(null));
    act(() => reportUnreachable());
    expect(region).toHaveTextContent(/^You're offline\. Payments and new QR codes need a connection\.$/);
  });
});
