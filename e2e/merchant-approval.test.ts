/**
 * Merchant approval and credit accounts (docs/product.md#merchant-approval,
 * docs/product.md#credit-accounts): an admin
 * approves one business and rejects another; the approved merchant links customers by
 * their payment handle, typed or scanned with the camera, and each customer sees it.
 */
import { describe, expect } from 'vitest';
import { createAdmin, createApprovedBusiness, createBusiness, createCustomerSession, customerPaymentCode } from './api-seeding';
import { journey, journeysDisabled } from './journey';
import {
  availableCredit, button, customerCard, expectAdminHeader, expectCustomerApp, expectHidden, expectMerchantHeader, expectMyMerchant,
  expectToast, expectVisible, field, logOut, newMobileNumber, openAddCreditAccount, openApplications,
  openBusinessApprovals, readMyPaymentId, registerBusiness, reviewApplication, rupees, signInAsCustomer,
  signInWithEmail, statCard, type BusinessDetails,
} from './pages';

const admin = { email: 'approvals.admin@khata.test', pin: '4826' };

let serial = 0;
function newBusiness(businessName: string, contactName: string): BusinessDetails {
  serial += 1;
  return {
    mobileNumber: newMobileNumber(),
    contactName,
    businessName,
    businessType: 'Retail',
    email: `merchant.${serial}.${Date.now()}@example.com`,
    address: `${serial} MG Road, Pune`,
    pin: '3971',
  };
}

describe.skipIf(journeysDisabled)('merchant approval and credit accounts', () => {
  journey('an admin approves one business and rejects another with a reason; each merchant sees the outcome', async ({ page, khata, openPhone }) => {
    const kirana = newBusiness('Kumar Kirana', 'Ravi Kumar');
    const medicals = newBusiness('Sharma Medicals', 'Neha Sharma');
    const reason = 'Address could not be verified';
    await createAdmin(khata, admin.email, admin.pin);

    // One business registers through the wizard, the other through the API.
    const kiranaPhone = await openPhone();
    await registerBusiness(kiranaPhone, kirana);
    await expectMerchantHeader(kiranaPhone, kirana.businessName, 'Pending');
    await expectVisible(kiranaPhone.getByRole('heading', { name: 'Pending Approval', exact: true }), 'the Pending Approval banner');
    await createBusiness(khata, medicals);

    await signInWithEmail(page, '/admin', admin.email, admin.pin);
    await expectAdminHeader(page, admin.email);
    await openBusinessApprovals(page, 2);
    const pending = await openApplications(page, 'Pending');
    await expectVisible(pending.getByRole('heading', { name: kirana.businessName, exact: true }), `${kirana.businessName} among the pending`);
    await expectVisible(pending.getByRole('heading', { name: medicals.businessName, exact: true }), `${medicals.businessName} among the pending`);

    let dialog = await reviewApplication(page, kirana.businessName);
    await expectVisible(dialog.getByText(kirana.email, { exact: true }), 'the applicant e-mail in the dialog');
    await field(dialog, 'Approval Notes').fill('Documents checked in person');
    await button(dialog, 'Approve').click();
    // The approvals panel waits a second before sending (docs/product.md#merchant-approval): the button says so.
    await expectVisible(button(dialog, 'Processing...'), 'Processing... while the decision is on its way');
    await expectToast(page, 'Success', 'Business applications updated successfully');
    await expectHidden(dialog, 'the Review Application dialog');
    await expectVisible(page.getByRole('tab', { name: 'Business Approvals 1 pending', exact: true }), 'the badge down to 1');

    dialog = await reviewApplication(page, medicals.businessName);
    await button(dialog, 'Reject').click();
    await expectToast(page, 'Reason Required', 'Please provide a reason for rejection');
    await expectVisible(dialog, 'the dialog, still open after the refusal');
    await field(dialog, 'Rejection Reason').fill(reason);
    await button(dialog, 'Reject').click();
    await expectToast(page, 'Success', 'Business applications updated successfully');
    await expectHidden(dialog, 'the Review Application dialog');
    await expectVisible(page.getByText('No pending applications', { exact: true }), 'no pending applications left');
    await expectVisible(page.getByRole('tab', { name: 'Business Approvals', exact: true }), 'the tab without a badge');

    const approved = await openApplications(page, 'Approved');
    await expectVisible(approved.getByRole('heading', { name: kirana.businessName, exact: true }), `${kirana.businessName} under Approved`);
    expect(await approved.getByRole('heading', { name: medicals.businessName }).count(), 'the rejected one is not under Approved').toBe(0);
    await expectVisible(approved.getByText('Documents checked in person', { exact: true }), 'the approval notes on the approved card');
    const rejected = await openApplications(page, 'Rejected');
    await expectVisible(rejected.getByRole('heading', { name: medicals.businessName, exact: true }), `${medicals.businessName} under Rejected`);
    await expectVisible(rejected.getByText(reason, { exact: true }), 'the rejection reason on the rejected card');

    // The rejected merchant sees why and cannot add customers or generate codes.
    const medicalsPhone = await openPhone();
    await signInWithEmail(medicalsPhone, '/merchant', medicals.email, medicals.pin);
    await expectMerchantHeader(medicalsPhone, medicals.businessName, 'Rejected');
    await expectVisible(medicalsPhone.getByRole('heading', { name: 'Application Rejected', exact: true }), 'the Application Rejected banner');
    await expectVisible(medicalsPhone.getByText(reason, { exact: true }), 'the rejection reason in the banner');
    expect(await button(medicalsPhone, 'Create Customer').isDisabled(), 'Create Customer is disabled when rejected').toBe(true);
    expect(await button(medicalsPhone, 'Generate QR Code').isDisabled(), 'Generate QR Code is disabled when rejected').toBe(true);

    // The approved merchant, signed in afresh, has no banner and can add customers.
    await logOut(kiranaPhone, '/merchant');
    await signInWithEmail(kiranaPhone, '/merchant', kirana.email, kirana.pin);
    await expectMerchantHeader(kiranaPhone, kirana.businessName, 'Approved');
    await expectVisible(statCard(kiranaPhone, 'Total Revenue'), 'the Total Revenue card');
    expect(await kiranaPhone.getByRole('heading', { name: 'Pending Approval' }).count(), 'no Pending Approval banner once approved').toBe(0);
    expect(await kiranaPhone.getByRole('heading', { name: 'Application Rejected' }).count()).toBe(0);
    expect(await button(kiranaPhone, 'Create Customer').isEnabled(), 'Create Customer is enabled once approved').toBe(true);
  });

  journey("a pending merchant's open app changes live when an admin approves, and another's when an admin rejects", async ({ page, khata, openPhone }) => {
    const bakery = newBusiness('Iyer Bakery', 'Lakshmi Iyer');
    const tailor = newBusiness('Khan Tailors', 'Imran Khan');
    const reason = 'GST number does not match the business name';
    await createAdmin(khata, admin.email, admin.pin);
    await createBusiness(khata, bakery);
    await createBusiness(khata, tailor);

    // Both merchants have their apps open while their applications are pending.
    const bakeryPhone = await openPhone();
    const tailorPhone = await openPhone();
    for (const [phone, business] of [[bakeryPhone, bakery], [tailorPhone, tailor]] as const) {
      await signInWithEmail(phone, '/merchant', business.email, business.pin);
      await expectMerchantHeader(phone, business.businessName, 'Pending');
      await expectVisible(phone.getByRole('heading', { name: 'Pending Approval', exact: true }), 'the Pending Approval banner');
      expect(await button(phone, 'Create Customer').isDisabled(), 'Create Customer is disabled while pending').toBe(true);
      // Marks this document: a reload would lose it.
      await phone.evaluate(() => { (window as unknown as { stillThisPage: boolean }).stillThisPage = true; });
    }

    await signInWithEmail(page, '/admin', admin.email, admin.pin);
    await openBusinessApprovals(page, 2);
    let dialog = await reviewApplication(page, bakery.businessName);
    await button(dialog, 'Approve').click();
    await expectToast(page, 'Success', 'Business applications updated successfully');
    dialog = await reviewApplication(page, tailor.businessName);
    await field(dialog, 'Rejection Reason').fill(reason);
    await button(dialog, 'Reject').click();
    await expectToast(page, 'Success', 'Business applications updated successfully');

    // Without a reload, the approved merchant's banner goes and the actions enable.
    await expectMerchantHeader(bakeryPhone, bakery.businessName, 'Approved');
    await expectHidden(bakeryPhone.getByRole('heading', { name: 'Pending Approval', exact: true }), 'the Pending Approval banner');
    await expect.poll(() => button(bakeryPhone, 'Create Customer').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await button(bakeryPhone, 'Generate QR Code').isEnabled(), 'Generate QR Code is enabled once approved').toBe(true);
    // …and the rejected one sees why.
    await expectMerchantHeader(tailorPhone, tailor.businessName, 'Rejected');
    await expectVisible(tailorPhone.getByRole('heading', { name: 'Application Rejected', exact: true }), 'the Application Rejected banner');
    await expectVisible(tailorPhone.getByText(reason, { exact: true }), 'the rejection reason in the banner');
    expect(await button(tailorPhone, 'Create Customer').isDisabled(), 'Create Customer stays disabled when rejected').toBe(true);
    for (const phone of [bakeryPhone, tailorPhone]) {
      expect(await phone.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage), 'the same page, never reloaded').toBe(true);
    }
  });

  journey('an approved merchant adds one customer by handle and another by scanning their code; each sees the merchant', async ({ page, khata, openPhone }) => {
    const kirana = newBusiness('Gupta General Store', 'Amit Gupta');
    await createApprovedBusiness(khata, kirana);
    const asha = { mobileNumber: newMobileNumber(), fullName: 'Asha Verma', pin: '4826' };
    const vikram = { mobileNumber: newMobileNumber(), fullName: 'Vikram Rao', pin: '5173' };
    await createCustomerSession(khata, asha);
    const vikramToken = await createCustomerSession(khata, vikram);
    // What Vikram's My Code shows, filmed by the merchant's camera.
    const vikramCode = await customerPaymentCode(khata, vikramToken);
    expect(JSON.parse(vikramCode.qrData)).toEqual({ paymentHandle: vikramCode.paymentHandle, name: vikram.fullName });

    // Asha reads her Payment ID from My Code on her own phone.
    const ashaPhone = await openPhone();
    await signInAsCustomer(ashaPhone, asha.mobileNumber, asha.pin);
    await expectCustomerApp(ashaPhone, asha.fullName);
    await expectVisible(ashaPhone.getByText('No merchants yet', { exact: true }), 'No merchants yet before any account');
    const ashaHandle = await readMyPaymentId(ashaPhone);
    expect(ashaHandle).toMatch(/^[a-z0-9]+@khata$/);

    // The merchant types it in.
    await signInWithEmail(page, '/merchant', kirana.email, kirana.pin);
    await expectMerchantHeader(page, kirana.businessName, 'Approved');
    let sheet = await openAddCreditAccount(page);
    await expectVisible(sheet.getByRole('tab', { name: 'Enter Handle', exact: true }), 'the Enter Handle tab');
    await expectVisible(sheet.getByRole('tab', { name: 'Scan QR', exact: true }), 'the Scan QR tab');
    await field(sheet, 'Credit Limit (₹)').fill('5000');
    await button(sheet, 'Create Credit Account').click();
    await expectToast(page, 'Payment Handle Required', 'Please scan QR or enter customer payment handle');
    await field(sheet, 'Payment Handle').fill(ashaHandle);
    await button(sheet, 'Create Credit Account').click();
    await expectToast(page, 'Credit Account Created', 'Successfully assigned the limit to the customer');
    await expectHidden(sheet, 'the Add Credit Account sheet');
    const ashaCard = customerCard(page, asha.fullName);
    await expectVisible(ashaCard, `${asha.fullName} in the Customers list`);
    await expectVisible(ashaCard.getByText(ashaHandle, { exact: true }), 'her handle on her card');
    await expectVisible(ashaCard.locator('dt:text-is("Limit") + dd').getByText(rupees(5000), { exact: true }), 'Limit ₹5,000.00 on her card');

    // The merchant scans Vikram's code with the camera of another phone.
    const scanningPhone = await openPhone({ cameraShowing: vikramCode.qrData });
    await signInWithEmail(scanningPhone, '/merchant', kirana.email, kirana.pin);
    await expectMerchantHeader(scanningPhone, kirana.businessName, 'Approved');
    sheet = await openAddCreditAccount(scanningPhone);
    await sheet.getByRole('tab', { name: 'Scan QR', exact: true }).click();
    // A read code switches back to Enter Handle with the handle filled and the name shown.
    await expect.poll(() => field(sheet, 'Payment Handle').inputValue(), { timeout: 20_000, message: 'the scanned handle in Payment Handle' })
      .toBe(vikramCode.paymentHandle);
    await expectVisible(sheet.getByText(vikram.fullName, { exact: true }), `the scanned customer's name ${vikram.fullName}`);
    await field(sheet, 'Credit Limit (₹)').fill('2500');
    await button(sheet, 'Create Credit Account').click();
    await expectToast(scanningPhone, 'Credit Account Created', 'Successfully assigned the limit to the customer');
    await expectVisible(customerCard(scanningPhone, vikram.fullName), `${vikram.fullName} in the Customers list`);
    await expectVisible(statCard(scanningPhone, 'Customers').getByText('2', { exact: true }), 'Customers 2 on the Dashboard');

    // Each customer sees the merchant on Home.
    await ashaPhone.reload();
    await expectCustomerApp(ashaPhone, asha.fullName);
    await expectMyMerchant(ashaPhone, kirana.businessName, { givenCredit: rupees(0), limit: rupees(5000) });
    await expect.poll(() => availableCredit(ashaPhone).innerText(), { message: "Asha's Available Credit" }).toBe(rupees(5000));

    const vikramPhone = await openPhone();
    await signInAsCustomer(vikramPhone, vikram.mobileNumber, vikram.pin);
    await expectCustomerApp(vikramPhone, vikram.fullName);
    await expectMyMerchant(vikramPhone, kirana.businessName, { givenCredit: rupees(0), limit: rupees(2500) });
    await expect.poll(() => availableCredit(vikramPhone).innerText(), { message: "Vikram's Available Credit" }).toBe(rupees(2500));
  });

  journey('scanning a code that is not a customer code is refused as Invalid QR Code', async ({ khata, openPhone }) => {
    const merchant = newBusiness('Patel Sweets', 'Kiran Patel');
    await createApprovedBusiness(khata, merchant);
    const phone = await openPhone({ cameraShowing: 'hello' });
    await signInWithEmail(phone, '/merchant', merchant.email, merchant.pin);
    await expectMerchantHeader(phone, merchant.businessName, 'Approved');
    const sheet = await openAddCreditAccount(phone);
    await sheet.getByRole('tab', { name: 'Scan QR', exact: true }).click();
    await expectToast(phone, 'Invalid QR Code', 'Please scan a valid customer QR code.');
    await expectVisible(sheet.getByText('QR code scanned', { exact: true }), 'the scanner saying the code was read');
    await expectVisible(button(sheet, 'Scan again'), 'Scan again');
    await sheet.getByRole('tab', { name: 'Enter Handle', exact: true }).click();
    expect(await field(sheet, 'Payment Handle').inputValue(), 'nothing was filled in').toBe('');
  });
});
