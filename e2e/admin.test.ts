/** Admin journeys (docs/product.md#admin-dashboard): sign-in refusal and success, theme toggle, logout. */
import { describe, expect } from 'vitest';
import { createAdmin } from './api-seeding';
import { journey, journeysDisabled } from './journey';
import {
  button, expectAdminHeader, expectToast, isDarkTheme, logOut, signInWithEmail,
} from './pages';

const admin = { email: 'admin@khata.test', pin: '4826' };

describe.skipIf(journeysDisabled)('admin journeys', () => {
  journey('an admin is refused with a wrong PIN, signs in, switches the theme and logs out', async ({ page, khata }) => {
    await createAdmin(khata, admin.email, admin.pin);

    await signInWithEmail(page, '/admin', admin.email, '5173');
    await expectToast(page, 'Login Failed', 'Invalid admin credentials');

    await signInWithEmail(page, '/admin', admin.email, admin.pin, 'enter');
    await expectAdminHeader(page, admin.email);

    const darkAtFirst = await isDarkTheme(page);
    await button(page, 'Toggle theme').click();
    expect(await isDarkTheme(page), 'the toggle flips the dark class on <html>').toBe(!darkAtFirst);
    const chosen = darkAtFirst ? 'light' : 'dark';
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(chosen);

    await page.reload();
    await expectAdminHeader(page, admin.email);
    expect(await isDarkTheme(page), 'the chosen theme survives a reload').toBe(!darkAtFirst);

    await button(page, 'Toggle theme').click();
    expect(await isDarkTheme(page), 'a second toggle flips it back').toBe(darkAtFirst);

    await logOut(page, '/admin');
  });
});
