/**
 * A signed-in home renders its first screen with its own part of the texts (home-parts.ts)
 * and the login part, nothing else: every home, in every language, shows its data without
 * one message missing. A component added to a home's first screen outside its static
 * imports (a lazy one shown at once), or a part that lost its files, fails here; so does a
 * part that grew back into the whole catalogue.
 */
import { screen, within } from '@testing-library/react';
import { i18n, type Messages } from '@lingui/core';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BusinessCreditAccount, CustomerCreditAccount, TransactionView, UserView } from '@common/api/types';
import { languages, type Language } from '@common/languages';
import { AdminDashboard } from '@/app/admin-dashboard';
import { CustomerApp } from '@/app/customer-app';
import { MerchantApp } from '@/app/merchant-app';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithApp } from '@/test/render';
import { approvedOwnerMe } from '@/test/shops';
import { adminBusiness, analytics, page, smsUsage, stats as adminStats, urls } from '@/features/admin/test-fixtures';
import { activate } from './i18n';

vi.mock('@/features/scanner/components/qr-scanner', () => ({ QrScanner: () => <p>Camera preview</p> }));
vi.mock('@/features/admin/components/daily-chart', () => ({ DailyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
vi.mock('@/features/admin/components/sms-daily-chart', () => ({ SmsDailyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

type Catalogue = Record<string, () => Promise<{ messages: Messages }>>;
const parts: Record<'customer' | 'merchant' | 'admin', Catalogue> = {
  customer: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=customer' }),
  merchant: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=merchant' }),
  admin: import.meta.glob<{ messages: Messages }>('../locales/*/app.po', { query: '?part=admin' }),
};
const whole = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const messagesOf = async (catalogue: Catalogue, language: Language, file: string) => (await catalogue[`../locales/${language}/${file}`]!()).messages;

/** Only the login part and `part` of `language` in Lingui, and the ids asked for that were not there. */
async function onlyTexts(language: Language, part: keyof typeof parts): Promise<Set<string>> {
  const messages = { ...(await messagesOf(whole, language, 'login.po')), ...(await messagesOf(parts[part], language, 'app.po')) };
  i18n.loadAndActivate({ locale: language, messages });
  const missing = new Set<string>();
  const unsubscribe = i18n.on('missing', ({ id }) => missing.add(id));
  onTestFinished(unsubscribe);
  return missing;
}

// Back to what every other test reads: English, whole.
afterAll(async () => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  await activate('en', ['login', 'app']);
});

const customer: UserView = { id: 'u1', role: 'customer', name: 'Asha Rao', phone: '+919876543210', email: null };
const customerAccount: CustomerCreditAccount = {
  id: 'a1', businessId: 'b1', business: { businessName: 'Kumar Kirana' },
  currentBalance: '3750.00', creditLimit: '5000.00', owed: '1250.00',
  overdue: '0.00', nextDueOn: '2999-04-12', nextDueAmount: '1250.00', upiId: null, remindersOptedOut: false,
};

const merchant = approvedOwnerMe();

const merchantAccount: BusinessCreditAccount = {
  id: '0b6c8a52-7d1e-4f3a-9c2b-5e8f1a2b3c4d', customerId: 'c1', customerName: 'Asha Rao',
  paymentHandle: 'k7q2m9xa@khata', phone: '+919876543210', creditLimit: '5000.00',
  currentBalance: '3775.00', owed: '1225.00', createdAt: '2025-01-02T00:00:00.000Z',
  overdue: '300.00', nextDueOn: '2025-02-01', dueMoved: false, lastRemindedAt: null, language: 'en',
};

/** A payment, a refund of it and a repayment: the history's kinds of rows. */
const history: TransactionView[] = (['payment', 'refund', 'repayment'] as const).map((type, index) => ({
  id: `t${index}`, type, amount: '1200.00', fee: '24.00', totalAmount: '1224.00', status: 'completed',
  createdAt: '2025-03-04T09:30:00.000Z', businessId: 'biz1', business: { businessName: 'Ravi Stores', address: '12 MG Road, Pune', phone: '+919876543210' },
  customerName: 'Asha Rao', description: 'Rice and dal', availableCredit: '3775.00', originalId: type === 'refund' ? 't0' : null, reason: null,
  refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, report: null, bySmsCode: false, by: null,
}));

const admin: UserView = { id: 'a1', role: 'admin', name: 'Admin', phone: null, email: 'admin@khata.test' };

/**
 * After the home shows its data, what it renders next without a touch (its queries settling,
 * its lazy pieces arriving: the first language's run may miss a cold chunk, the next ones do not).
 */
const settle = () => new Promise((done) => setTimeout(done, 300));

describe.each(languages)('the homes in %s, with their own texts only', (language) => {
  it('the customer home', async () => {
    const missing = await onlyTexts(language, 'customer');
    stubFetch({
      'GET /api/credit-accounts/customer': () => json(200, { creditAccounts: [customerAccount] }),
      'GET /api/transactions/customer?limit=15': () => json(200, { transactions: history, nextCursor: 'more' }),
      'GET /api/customer/invitations': () => json(200, { invitations: [] }),
      'GET /api/customer/qr': () => json(200, { qrData: '{"paymentHandle":"k7q2m9xa@khata"}', paymentHandle: 'k7q2m9xa@khata', name: 'Asha Rao', phoneNumber: '+919876543210' }),
    });
    renderWithApp(<CustomerApp user={customer} />);
    expect(await screen.findAllByText(/3,750\.00/)).not.toHaveLength(0);
    expect(await screen.findAllByText(/Ravi Stores/)).not.toHaveLength(0);
    await settle();
    expect([...missing]).toEqual([]);
  });

  it('the merchant dashboard', async () => {
    const missing = await onlyTexts(language, 'merchant');
    stubFetch({
      'GET /api/business/stats': () =>
        json(200, {
          stats: {
            totalRevenue: '123456.00', customers: 3, creditIssued: '4500.50', transactions: 17, refunds: 0,
            trend: { revenue: { current: '11200.00', previous: '10000.00' }, transactions: { current: 12, previous: 12 } },
          },
        }),
      'GET /api/credit-accounts/business': () => json(200, { creditAccounts: [merchantAccount] }),
      'GET /api/transactions/business?limit=5': () => json(200, { transactions: history, nextCursor: 'more' }),
      'GET /api/qr/business?active=true': () => json(200, { qrCodes: [] }),
    });
    renderWithApp(<MerchantApp me={merchant} />);
    expect(await screen.findAllByText(/1,23,456\.00/)).not.toHaveLength(0);
    expect(await screen.findAllByText(/Rice and dal/)).not.toHaveLength(0);
    await settle();
    expect([...missing]).toEqual([]);
  });

  it('the admin overview', async () => {
    const missing = await onlyTexts(language, 'admin');
    const business = adminBusiness({ businessName: 'Chai Point' });
    stubFetch({
      [urls.stats]: () => json(200, { stats: adminStats({ pendingBusinesses: 3 }), recentBusinesses: [business] }),
      [urls.pending]: () => json(200, page([business])),
      [urls.all]: () => json(200, page([])),
      [urls.analytics(30)]: () => json(200, { analytics: analytics() }),
      [urls.smsUsage(30)]: () => json(200, smsUsage()),
    });
    renderWithApp(<AdminDashboard user={admin} />);
    expect(await within(document.body).findAllByText('Chai Point')).not.toHaveLength(0);
    await settle();
    expect([...missing]).toEqual([]);
  });
});

describe('the home parts', () => {
  for (const part of ['customer', 'merchant', 'admin'] as const) {
    it(`${part}: in every language the same messages, as the whole catalogue says them, and far fewer`, async () => {
      const ids = Object.keys(await messagesOf(parts[part], 'en', 'app.po')).sort();
      for (const language of languages) {
        const all = await messagesOf(whole, language, 'app.po');
        const own = await messagesOf(parts[part], language, 'app.po');
        expect(Object.keys(own).sort()).toEqual(ids);
        for (const id of ids) expect(own[id], `${language}: ${id}`).toEqual(all[id]);
        // A part that took in most of the app would load all of it before the home again.
        expect(ids.length, `${part} has ${ids.length} of ${Object.keys(all).length} messages`).toBeLessThan(Object.keys(all).length * 0.4);
      }
    });
  }
});
