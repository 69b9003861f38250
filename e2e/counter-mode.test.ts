/**
 * Counter mode is its own narrow session. A merchant enters counter mode with
 * the PIN; in that browser, the API refuses everything but the counter's few calls, with
 * the browser's cookie and with the token the app stored, which is not the merchant's any
 * more. A customer pays and the counter shows and says it. Anyone at the counter may type
 * wrong exit PINs until that exit locks: the owner still signs in on their own phone and
 * confirms a change with the PIN there. The right PIN leaves for the full dashboard.
 * Nothing on the counter moves under a finger: not on the first tap, which turns the sound
 * on, nor when "Reconnecting…" comes and goes with a dropped stream.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkAccessibility } from './accessibility';
import { apiSignIn, callApi, businessQrCodes, createAdmin, createApprovedBusiness, createCustomerSession, customerPaymentCode, grantCredit, payByApi } from './api-seeding';
import { journey, journeysDisabled } from './journey';
import { hiddenNames, overflows } from './layout-checks';
import {
  boxOf, button, expectMerchantHeader, expectToast, expectVisible, field, merchantTab, newMobileNumber, rupees, signInWithEmail,
} from './pages';
import { recordSpeech, spokenIn } from './speech';
import { translator } from './translations';

const alertWaitMs = 10_000;

/** What the browser `page` is refused when it calls `path` itself, with its cookie and its stored token. */
async function callFromBrowser(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(async ({ method, path, body }) => {
    const token = localStorage.getItem('sessionToken');
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const call = async (withToken: boolean) => {
      const response = await fetch(path, {
        method, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body),
        headers: withToken && token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      });
      return { status: response.status, code: ((await response.json().catch(() => ({}))) as { code?: string }).code ?? null };
    };
    return { withCookie: await call(false), withToken: await call(true) };
  }, { method, path, body });
}

describe.skipIf(journeysDisabled)('counter mode', () => {
  journey("counter mode holds no merchant session: the API refuses it, wrong exit PINs lock only the counter's exit", async ({ page, khata, openPhone }) => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Prakash Jain', businessName: 'Jain Sweets', businessType: 'Retail',
      email: `counter.${Date.now()}@example.com`, address: '4 Johari Bazaar, Jaipur', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Meera Joshi', pin: '4826' };
    const { token: apiMerchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, apiMerchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '5000');
    await recordSpeech(page.context(), [{ name: 'English (India)', lang: 'en-IN' }]);

    // The counter device: the merchant signs in and enters counter mode with the PIN.
    await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    const merchantToken = await page.evaluate(() => localStorage.getItem('sessionToken'));
    expect(merchantToken, 'the merchant session token the app stored at sign-in').toBeTruthy();
    await button(page, 'Counter mode').click();
    const start = page.getByRole('dialog', { name: 'Start counter mode', exact: true });
    await expectVisible(start, 'the PIN asked to start counter mode');
    await checkAccessibility(page, 'the PIN asked to start counter mode');
    const enterPin = field(start, 'Enter your PIN');
    expect(await enterPin.getAttribute('type'), 'no password field: nothing saved is offered').toBe('text');
    expect(await enterPin.getAttribute('autocomplete')).toBe('off');
    await enterPin.fill(merchant.pin);
    await button(start, 'Start counter mode').click();
    const counter = page.getByRole('dialog', { name: 'Counter mode', exact: true });
    await expectVisible(counter, 'counter mode');
    await expectVisible(counter.getByRole('img', { name: `Payment QR code for ${merchant.businessName}` }), 'the counter code');
    await expectVisible(counter.getByText(merchant.businessName, { exact: true }), "the shop's name");
    await checkAccessibility(page, 'counter mode');

    // The merchant's session is gone from this browser: the stored token is the counter's,
    // and the merchant's own is revoked.
    const storedToken = await page.evaluate(() => localStorage.getItem('sessionToken'));
    expect(storedToken, 'a token is stored for the counter').toBeTruthy();
    expect(storedToken, "the stored token is not the merchant's").not.toBe(merchantToken);
    await callApi(khata, 'GET', '/api/auth/me', { token: merchantToken!, expected: [401] });
    expect(await page.evaluate(() => localStorage.getItem('khata.counterMode')), 'no screen-only flag').toBeNull();

    // Whoever stands at the counter tries the API from this browser: refused.
    const accounts = await callFromBrowser(page, 'GET', '/api/credit-accounts/business');
    expect(accounts).toEqual({ withCookie: { status: 403, code: 'counter_session' }, withToken: { status: 403, code: 'counter_session' } });
    const upi = await callFromBrowser(page, 'POST', '/api/business/settings', { creditPeriodDays: 30, upiId: 'thief@ybl' });
    expect(upi).toEqual({ withCookie: { status: 403, code: 'counter_session' }, withToken: { status: 403, code: 'counter_session' } });
    expect(await callApi(khata, 'GET', '/api/business/settings', { token: apiMerchantToken }), 'the UPI ID unchanged')
      .toEqual({ creditPeriodDays: 30, upiId: null });

    // A customer pays the counter's code: the counter lists it and says it.
    let qrData: string | undefined;
    await expect.poll(async () => {
      qrData = (await businessQrCodes(khata, apiMerchantToken)).find((code) => !code.isDynamic && code.status === 'active')?.qrData;
      return qrData !== undefined;
    }, { message: 'the static code counter mode made', timeout: alertWaitMs }).toBe(true);
    const soundBar = button(page, 'Turn on sound');
    if (await soundBar.isVisible()) await soundBar.click();
    await payByApi(khata, customerToken, { qrData: qrData!, pin: customer.pin, amount: '250' });
    const latest = counter.getByRole('region', { name: 'Latest payments' });
    await expect.poll(() => latest.innerText(), { message: 'the payment on the counter', timeout: alertWaitMs }).toContain(customer.fullName);
    expect(await latest.innerText()).toContain(rupees(250));
    await expect.poll(async () => (await spokenIn(page)).map((said) => said.text), { message: 'the payment said', timeout: alertWaitMs })
      .toContain('Received ₹250 on Khata');
    await checkAccessibility(page, 'counter mode with a payment');

    // Wrong exit PINs until the counter's exit locks.
    await button(counter, 'Exit counter mode').click();
    const exitPin = field(counter, "Enter your PIN or an owner's PIN");
    expect(await exitPin.getAttribute('type')).toBe('text');
    expect(await exitPin.getAttribute('autocomplete')).toBe('off');
    expect(await counter.getByRole('button', { name: 'Show PIN' }).count(), 'no show-PIN toggle').toBe(0);
    await checkAccessibility(page, 'the exit PIN of counter mode');
    const refusal = counter.getByRole('alert');
    const said: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const before = said.at(-1) ?? '';
      await exitPin.fill('0000');
      await button(counter, 'Exit').click();
      await expect.poll(async () => (await refusal.isVisible()) && (await refusal.innerText()) !== before
        ? await refusal.innerText() : null, { message: `the answer to wrong exit PIN ${attempt}` })
        .toBeTruthy();
      said.push(await refusal.innerText());
      // The same text twice in a row (the lock's, still) would not change the alert: stop at the lock.
      if (said.at(-1)!.startsWith('Too many wrong PINs')) break;
    }
    expect(said[0]).toBe('Incorrect PIN. 4 attempts left.');
    expect(said.at(-1), 'the exit locked after the wrong PINs').toMatch(/^Too many wrong PINs\. Try again in \d+ minutes?\.$/);
    expect(said.length, 'five or more wrong PINs typed').toBeGreaterThanOrEqual(5);
    await expectVisible(counter, 'still counter mode');

    // The owner's own phone: signs in, and a PIN check on the owner's own counter passes.
    const phone = await openPhone();
    await signInWithEmail(phone, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(phone, merchant.businessName, 'Approved');
    await merchantTab(phone, 'Settings').click();
    const terms = phone.getByRole('form', { name: 'Credit terms', exact: true });
    await expect.poll(() => field(terms, 'Credit period (days)').inputValue(), { message: 'the credit period' }).toBe('30');
    await field(terms, 'Credit period (days)').fill('20');
    await button(terms, 'Save').click();
    const pinDialog = phone.getByRole('dialog', { name: 'Enter your PIN', exact: true });
    await field(pinDialog, 'PIN').fill(merchant.pin);
    await button(pinDialog, 'Confirm').click();
    await expectToast(phone, 'Settings saved', 'New payments fall due after the period set here.');

    // The counter's exit stays locked until its lock ends; an admin lifts it here.
    const admin = { email: `counter.admin.${Date.now()}@khata.test`, pin: '6183' };
    await createAdmin(khata, admin.email, admin.pin);
    const adminToken = await apiSignIn(khata, 'admin', admin);
    await callApi(khata, 'POST', '/api/admin/unlock', { token: adminToken, body: { role: 'business', identifier: merchant.email } });

    // The right PIN leaves for the full dashboard, with a full session of its own.
    await exitPin.fill(merchant.pin);
    await button(counter, 'Exit').click();
    await expectMerchantHeader(page, merchant.businessName, 'Approved');
    await expect.poll(() => counter.count(), { message: 'counter mode closed' }).toBe(0);
    const fullToken = await page.evaluate(() => localStorage.getItem('sessionToken'));
    expect(fullToken).not.toBe(storedToken);
    await callApi(khata, 'GET', '/api/auth/me', { token: storedToken!, expected: [401] });
    expect((await callFromBrowser(page, 'GET', '/api/credit-accounts/business')).withToken.status).toBe(200);
  });

  journey("counter mode's first tap acts where it lands, and the shop's name stays whole at 360 px in en, hi and ta", async ({ page: merchantPage, khata }) => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Venkatesh Rao', businessName: 'Sri Venkateswara Provision Stores', businessType: 'Retail',
      email: `counter.tap.${Date.now()}@example.com`, address: '8 Gandhi Bazaar, Bengaluru', pin: '3971',
    };
    const apiMerchantToken = await openCounterAsNewShop(merchantPage, khata, merchant);

    for (const language of ['en', 'hi', 'ta'] as const) {
      const tr = translator(language);
      await callApi(khata, 'POST', '/api/auth/language', { token: apiMerchantToken, body: { language } });
      // The counter as it starts each morning: the app opened afresh and not yet touched,
      // so the browser allows sound only after a first tap and "Turn on sound" shows.
      const page = await merchantPage.context().newPage();
      await untouchedUntilTapped(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      const counter = page.getByRole('dialog', { name: tr('Counter mode'), exact: true });
      await expectVisible(counter, `counter mode in ${language}`);
      const qr = counter.getByRole('img', { name: tr('Payment QR code for {shopName}', { shopName: merchant.businessName }) });
      await expectVisible(qr, `the counter code in ${language}`);
      await expectVisible(button(counter, tr('Turn on sound')), `"Turn on sound" in ${language}, before any tap`);
      const exit = button(counter, tr('Exit counter mode'));
      const exitBefore = await boxOf(exit, 'Exit counter mode');
      const qrBefore = await boxOf(qr, 'the counter code');

      // The shop's name is whole beside the Exit button: wrapped, never cut.
      const name = counter.getByText(merchant.businessName, { exact: true });
      await expectVisible(name, `the shop's name in ${language}`);
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), `the shop's name fits its box in ${language}`).toBe(true);
      expect(await hiddenNames(page), `names cut short in counter mode, ${language}`).toEqual([]);
      expect(await overflows(page), `spills in counter mode, ${language}`).toEqual([]);
      await checkAccessibility(page, `counter mode before the first tap, in ${language}`);

      if (language === 'en') {
        // The first tap, on Exit where it was drawn before any tap: it opens the exit.
        await page.touchscreen.tap(exitBefore.x + exitBefore.width / 2, exitBefore.y + exitBefore.height / 2);
        await expectVisible(counter.getByRole('form', { name: 'Exit counter mode', exact: true }), 'the exit PIN, after the first tap on Exit');
        await expectVisible(counter.getByText('Sound on', { exact: true }), '"Sound on" in place of "Turn on sound"');
        await button(counter, 'Stay').click();
        await page.close();
        continue;
      }
      // The first tap on an empty part of the screen turns the sound on and moves nothing.
      const heading = counter.getByRole('heading', { name: tr('Latest payments'), exact: true });
      const headingBox = await boxOf(heading, 'Latest payments');
      await page.touchscreen.tap(headingBox.x + 4, headingBox.y + headingBox.height / 2);
      await expectVisible(counter.getByText(tr('Sound on'), { exact: true }), `"Sound on" in ${language}`);
      expect(await boxOf(exit, 'Exit counter mode'), `Exit stays where it was, in ${language}`).toEqual(exitBefore);
      expect(await boxOf(qr, 'the counter code'), `the code stays where it was, in ${language}`).toEqual(qrBefore);
      expect(await hiddenNames(page), `names cut short in counter mode with sound on, ${language}`).toEqual([]);
      expect(await overflows(page), `spills in counter mode with sound on, ${language}`).toEqual([]);
      await checkAccessibility(page, `counter mode with sound on, in ${language}`);
      await exit.click();
      await expectVisible(counter.getByRole('form', { name: tr('Exit counter mode'), exact: true }), `the exit PIN in ${language}`);
      expect(await overflows(page), `spills on the exit PIN, ${language}`).toEqual([]);
      await button(counter, tr('Stay')).click();
      await page.close();
    }
  });

  journey('"Reconnecting…" moves nothing on the counter: Exit and the code stay where they were, at 360 px in en and ta', async ({ page: merchantPage, khata }) => {
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Lakshmi Narayanan', businessName: 'Lakshmi Vilas Sweets and Savouries', businessType: 'Retail',
      email: `counter.reconnect.${Date.now()}@example.com`, address: '21 South Masi Street, Madurai', pin: '3971',
    };
    const apiMerchantToken = await openCounterAsNewShop(merchantPage, khata, merchant);

    for (const language of ['en', 'ta'] as const) {
      const tr = translator(language);
      await callApi(khata, 'POST', '/api/auth/language', { token: apiMerchantToken, body: { language } });
      // Untouched, so "Turn on sound" shows from the start and stays: only the stream changes below.
      const page = await merchantPage.context().newPage();
      await untouchedUntilTapped(page);
      await page.setViewportSize({ width: 360, height: 740 });
      const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
      await page.goto('/');
      const counter = page.getByRole('dialog', { name: tr('Counter mode'), exact: true });
      await expectVisible(counter, `counter mode in ${language}`);
      const qr = counter.getByRole('img', { name: tr('Payment QR code for {shopName}', { shopName: merchant.businessName }) });
      await expectVisible(qr, `the counter code in ${language}`);
      await expectVisible(button(counter, tr('Turn on sound')), `"Turn on sound" in ${language}`);
      await streamOpened;
      const exit = button(counter, tr('Exit counter mode'));
      const exitBefore = await boxOf(exit, 'Exit counter mode');
      const qrBefore = await boxOf(qr, 'the counter code');
      const notice = counter.getByRole('status').filter({ hasText: tr('Reconnecting…') });
      expect(await notice.count(), `no notice while the stream is live, ${language}`).toBe(0);

      // The stream drops (every connection to the server cut) and cannot open again for now.
      await page.route('**/api/events', (route) => route.abort());
      khata.app.server.closeAllConnections();
      await expectVisible(notice, `"Reconnecting…" in ${language}`);
      expect(await notice.innerText()).toBe(tr('Reconnecting…'));
      expect(await boxOf(exit, 'Exit counter mode'), `Exit stays where it was with the notice, in ${language}`).toEqual(exitBefore);
      expect(await boxOf(qr, 'the counter code'), `the code stays where it was with the notice, in ${language}`).toEqual(qrBefore);
      expect(await hiddenNames(page), `names cut short with the notice, ${language}`).toEqual([]);
      expect(await overflows(page), `spills with the notice, ${language}`).toEqual([]);
      await checkAccessibility(page, `counter mode reconnecting, in ${language}`);

      // The stream is let through again: the notice goes, and nothing moves either.
      await page.unroute('**/api/events');
      await expect.poll(() => notice.count(), { message: `the notice gone once the stream is back, ${language}`, timeout: 15_000 }).toBe(0);
      expect(await boxOf(exit, 'Exit counter mode'), `Exit stays where it was after the notice, in ${language}`).toEqual(exitBefore);
      expect(await boxOf(qr, 'the counter code'), `the code stays where it was after the notice, in ${language}`).toEqual(qrBefore);
      await page.close();
    }
  });
});

/**
 * The page reports no user gesture until a real tap or key press. Playwright runs its own
 * scripts in the page as if the user had acted, so Chromium's `userActivation` is always
 * set under it; on a phone a page opened afresh has none until it is touched.
 */
/** A new approved shop signs in on `page` and starts counter mode; its API token, for what the journey pays. */
async function openCounterAsNewShop(page: Page, khata: Parameters<typeof createApprovedBusiness>[0], merchant: Parameters<typeof createApprovedBusiness>[1]): Promise<string> {
  const { token } = await createApprovedBusiness(khata, merchant);
  await signInWithEmail(page, '/merchant', merchant.email, merchant.pin);
  await expectMerchantHeader(page, merchant.businessName, 'Approved');
  await button(page, 'Counter mode').click();
  const start = page.getByRole('dialog', { name: 'Start counter mode', exact: true });
  await field(start, 'Enter your PIN').fill(merchant.pin);
  await button(start, 'Start counter mode').click();
  await expectVisible(page.getByRole('dialog', { name: 'Counter mode', exact: true }), 'counter mode');
  return token;
}

async function untouchedUntilTapped(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let touched = false;
    const touch = (event: Event) => {
      if (event.isTrusted) touched = true;
    };
    window.addEventListener('pointerdown', touch, true);
    window.addEventListener('keydown', touch, true);
    Object.defineProperty(Navigator.prototype, 'userActivation', {
      configurable: true,
      get: () => ({ hasBeenActive: touched, isActive: touched }),
    });
  });
}
