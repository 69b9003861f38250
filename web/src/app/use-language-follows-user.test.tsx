/**
 * The language follows the user (docs/product.md#languages): a user who signs in where no newer choice was
 * made gets their saved language; a choice made before signing in, or while signed in, is
 * saved on the user.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@common/api/types';
import type { Language } from '@common/languages';
import { App } from '@/app/app';
import { callsTo, json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { activate, chooseLanguage, currentLanguage, pendingChoice } from '@/i18n/i18n';

const admin = (language: Language | null): MeResponse => ({
  user: { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' },
  business: null,
  shop: null,
  language,
});

function renderSignedIn(language: Language | null) {
  const calls = stubFetch({
    'GET /api/auth/me': () => json(200, admin(language)),
    'POST /api/auth/language': (call) => json(200, call.body as object),
    'GET /api/admin/stats': () => json(200, { stats: { totalBusinesses: 0, pendingApprovals: 0, approvedBusinesses: 0, totalCustomers: 0 }, recentBusinesses: [] }),
    'GET /api/admin/businesses': () => json(200, { businesses: [], nextCursor: null }),
  });
  renderWithApp(<App />, { path: '/admin' });
  return calls;
}

afterEach(async () => {
  localStorage.clear();
  await activate('en');
});

describe('the language following the user', () => {
  it('applies the saved language on a browser where no choice is pending, without saving anything', async () => {
    const calls = renderSignedIn('ta');
    await waitFor(() => expect(currentLanguage()).toBe('ta'));
    expect(document.documentElement.lang).toBe('ta');
    expect(callsTo(calls, 'POST /api/auth/language')).toHaveLength(0);
  });

  it('saves a choice made before sign-in on the user, over the saved one', async () => {
    await chooseLanguage('hi');
    const calls = renderSignedIn('ta');
    await waitFor(() => expect(callsTo(calls, 'POST /api/auth/language')).toHaveLength(1));
    expect(callsTo(calls, 'POST /api/auth/language')[0]!.body).toEqual({ language: 'hi' });
    expect(currentLanguage()).toBe('hi');
    await waitFor(() => expect(pendingChoice()).toBeUndefined());
  });

  it('saves a choice made while signed in', async () => {
    const calls = renderSignedIn(null);
    await screen.findAllByText(/admin/i);
    await chooseLanguage('ta');
    await waitFor(() => expect(callsTo(calls, 'POST /api/auth/language')).toHaveLength(1));
    expect(callsTo(calls, 'POST /api/auth/language')[0]!.body).toEqual({ language: 'ta' });
  });
});
