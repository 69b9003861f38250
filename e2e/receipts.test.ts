/**
 * The customer's receipt (docs/product.md#receipts): from any row of the history, the figures
 * of the ledger row itself (its amount, fee, total, time, short reference and the available
 * credit it recorded) and the shop's address and phone, also after later payments.
 */
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { shortReference } from '@common/reference';
import { rowsOf } from '../server/db/client';
import { createApprovedBusiness, createCustomerSession, customerPaymentCode, generateQrCode, grantCredit, payByApi } from './api-seeding';
import type { RunningApp } from './app-server';
import { journey, journeysDisabled } from './journey';
import {
  button, customerEntry, enterCodeManually, expectCustomerApp, expectHidden, expectToast, expectVisible, newMobileNumber,
  openScanQr, payWithPin, rupees, signInAsCustomer,
} from './pages';

interface LedgerRow {
  id: string;
  amount_paise: string;
  fee_paise: string;
  total_paise: string;
  available_paise: string;
  created_at: string;
}

/** The customer's ledger rows, newest first, read from the database itself. */
async function ledgerOf(khata: RunningApp, businessName: string): Promise<LedgerRow[]> {
  return rowsOf<LedgerRow>(await khata.database.db.execute(sql`
    select t.id, t.amount_paise::text, t.fee_paise::text, t.total_paise::text,
           greatest(0, t.limit_paise_after - t.owed_paise_after)::text as available_paise,
           to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from transactions t join businesses b on b.id = t.business_id
    where b.business_name = ${businessName}
    order by t.created_at desc, t.id desc`));
}

const paiseToRupees = (paise: string) => rupees(Number(paise) / 100);

/** A receipt's figure by its term. */
const figure = (receipt: Locator, term: string) => receipt.locator(`dt:text-is("${term}") + dd`);

interface Shop { businessName: string; address: string; mobileNumber: string }

/** Checks the open receipt shows exactly the ledger row's figures and the shop's address and phone. */
async function expectReceiptOf(page: Page, receipt: Locator, shop: Shop, row: LedgerRow): Promise<void> {
  // The time as this browser writes it for India (the app's format: "12 Jan 2025, 3:45 pm").
  const when = await page.evaluate((iso) => new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata', numberingSystem: 'latn', day: 'numeric', month: 'short', year: 'numeric',
    hour: 'numeric', minute: '2-digit', hour12: true,
  }).format(new Date(iso)), row.created_at);
  const expected: Record<string, string> = {
    Shop: shop.businessName,
    Address: shop.address,
    Phone: `+91${shop.mobileNumber}`,
    Type: 'Payment',
    Amount: paiseToRupees(row.amount_paise),
    Fee: paiseToRupees(row.fee_paise),
    Total: paiseToRupees(row.total_paise),
    'Date and time': when,
    Reference: shortReference(row.id),
    'Available credit after this payment': paiseToRupees(row.available_paise),
  };
  for (const [term, value] of Object.entries(expected)) {
    await expect.poll(() => figure(receipt, term).innerText(), { message: `the receipt's ${term}` }).toBe(value);
  }
}

describe.skipIf(journeysDisabled)('receipts', () => {
  journey('a customer pays, opens the receipt from the history, and finds the same receipt there later, equal to the ledger', async ({ page, khata }) => {
    const shop = 'Nair Provisions';
    const merchant = {
      mobileNumber: newMobileNumber(), contactName: 'Suresh Nair', businessName: shop, businessType: 'Retail',
      email: `receipts.${Date.now()}@example.com`, address: '4 Beach Road, Kochi', pin: '3971',
    };
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Divya Menon', pin: '4826' };
    const { token: merchantToken } = await createApprovedBusiness(khata, merchant);
    const customerToken = await createCustomerSession(khata, customer);
    await grantCredit(khata, merchantToken, (await customerPaymentCode(khata, customerToken)).paymentHandle, '2000');
    const code = await generateQrCode(khata, merchantToken, { amount: '349.50', description: 'Coconut oil' });
    // No share sheet in this browser: the receipt offers WhatsApp, and Copy into a clipboard it may write.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);
    const overlay = await openScanQr(page);
    await enterCodeManually(overlay, code.qrData);
    await payWithPin(overlay, customer.pin);
    await expectToast(page, 'Payment Successful', `${rupees(349.5)} paid to ${shop}`);

    const [row] = await ledgerOf(khata, shop);
    expect(row, 'the payment in the ledger').toBeDefined();
    expect(row!.available_paise, 'the available credit the row recorded: 2000 − 349.50 − 6.99 fee').toBe('164351');

    await button(overlay, 'Done').click();
    await button(overlay, 'Close').click();
    await expectHidden(overlay, 'the Scan QR Code overlay');

    const entries = page.getByRole('region', { name: 'Transaction History' }).getByRole('article', { name: `Payment ${shop}`, exact: true });
    await entries.first().getByRole('button', { name: 'View receipt' }).click();
    let receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expectVisible(receipt, 'the receipt of the payment just made');
    await expectReceiptOf(page, receipt, merchant, row!);
    await button(receipt, 'Copy').click();
    await expectToast(page, 'Receipt copied');
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    for (const line of [`Shop: ${shop}`, `Address: ${merchant.address}`, `Phone: +91${merchant.mobileNumber}`,
      `Reference: ${shortReference(row!.id)}`, `Total: ${rupees(356.49)}`]) {
      expect(copied, 'the copied receipt').toContain(line);
    }
    await button(receipt, 'Close').click();
    await expectHidden(receipt, 'the receipt, closed');

    // A later payment changes the account, not this receipt.
    const later = await generateQrCode(khata, merchantToken, { amount: '100' });
    await payByApi(khata, customerToken, { qrData: later.qrData, pin: customer.pin });
    await expect.poll(() => entries.count(), { message: 'both payments in the history' }).toBe(2);
    const older = entries.nth(1);
    await older.getByRole('button', { name: 'View receipt' }).click();
    receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expectVisible(receipt, 'the receipt from the history');
    await expectReceiptOf(page, receipt, merchant, row!);
    await button(receipt, 'Close').click();

    // The newer row's receipt is its own ledger row's.
    const [newest] = await ledgerOf(khata, shop);
    await customerEntry(page, 'Payment', shop).first().getByRole('button', { name: 'View receipt' }).click();
    await expectReceiptOf(page, page.getByRole('dialog', { name: 'Receipt' }), merchant, newest!);
  });
});
