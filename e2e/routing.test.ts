/** Routing (docs/product.md#routes): what each path shows, signed out and signed in. */
import { describe } from 'vitest';
import { createCustomer } from './api-seeding';
import { journey, journeysDisabled } from './journey';
import {
  expectCustomerApp, expectCustomerLogin, expectVisible, newMobileNumber, signInAsCustomer,
} from './pages';

describe.skipIf(journeysDisabled)('routing', () => {
  journey('signed out, / and an unknown path redirect to the customer login', async ({ page }) => {
    await page.goto('/');
    await expectCustomerLogin(page);
    await page.goto('/some/unknown');
    await expectCustomerLogin(page);
  });

  journey('signed in as a customer, /, /dashboard and /cust show the customer app and an unknown path the 404 page', async ({ page, khata }) => {
    const customer = { mobileNumber: newMobileNumber(), fullName: 'Meera Iyer', pin: '5173' };
    await createCustomer(khata, customer);
    await signInAsCustomer(page, customer.mobileNumber, customer.pin);
    await expectCustomerApp(page, customer.fullName);

    // Loaded afresh from the server, not only reached by the app's own navigation.
    await page.goto('/');
    await expectCustomerApp(page, customer.fullName, '/');
    await page.goto('/cust');
    await expectCustomerApp(page, customer.fullName, '/cust');

    await page.goto('/dashboard');
    await expectCustomerApp(page, customer.fullName, '/dashboard');

    await page.goto('/nope');
    await expectVisible(page.getByRole('heading', { name: 'Page not found' }), 'the 404 page');
    await expectVisible(page.getByText('404', { exact: true }), 'the 404 code');
  });
});
