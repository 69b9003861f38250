/** Business journeys (docs/product.md#sign-in-and-registration): register for approval, then sign in by e-mail. */
import { describe } from 'vitest';
import { journey, journeysDisabled } from './journey';
import { expectMerchantHeader, expectToast, logOut, newMobileNumber, registerBusiness, signInWithEmail } from './pages';

describe.skipIf(journeysDisabled)('business journeys', () => {
  journey('a new business registers and waits as Pending; a wrong PIN is refused, the right one signs in', async ({ page }) => {
    const business = {
      mobileNumber: newMobileNumber(),
      contactName: 'Ravi Kumar',
      businessName: 'Kumar Kirana',
      businessType: 'Retail',
      email: `kumar.kirana.${Date.now()}@example.com`,
      address: '12 MG Road, Pune',
      pin: '3971',
    };

    await registerBusiness(page, business);
    await expectMerchantHeader(page, business.businessName, 'Pending');

    await logOut(page, '/merchant');
    await signInWithEmail(page, '/merchant', business.email, '4826');
    await expectToast(page, 'Login Failed', 'Invalid email or PIN');
    await signInWithEmail(page, '/merchant', business.email, business.pin, 'enter');
    await expectMerchantHeader(page, business.businessName, 'Pending');
  });
});
