/**
 * Lingui's catalogues (docs/decisions.md "Languages"). English is the source:
 * components write their English text through the macros (`<Trans>`, `t`), `npm run
 * i18n:extract` collects it into `web/src/locales/<language>/<part>.po`, and the
 * translators fill hi and ta. Two parts, loaded on demand: `login`, what the signed-out
 * /cust and the offline start show (inside /cust's JavaScript budget), and `app`, everything else.
 * A signed-in home's first screen loads a smaller share of `app`, carved out at build time
 * (web/src/i18n/home-parts.ts, vite.config.ts's khata:lingui-home-parts): no file of its own
 * to extract or translate.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { languages } from './common/languages';

/**
 * The files of the signed-out /cust login screen and of the offline start: their texts go
 * in the small `login` part, which every start activates before it renders. Registration
 * and PIN reset, opened from it, wait for the `app` part (web/src/i18n/app-texts.tsx).
 */
export const loginScreenFiles = [
  '<rootDir>/web/src/app/routes/customer-login.tsx',
  '<rootDir>/web/src/app/routes/auth-layout.tsx',
  '<rootDir>/web/src/features/auth/components/customer-login-form.tsx',
  '<rootDir>/web/src/components/ui/language-picker.tsx',
  // Checked as the person types and shown on failure.
  '<rootDir>/web/src/features/auth/customer-login-checks.ts',
  '<rootDir>/web/src/features/auth/messages.ts',
  // What the screen shows while it waits, and its toasts.
  '<rootDir>/web/src/components/ui/spinner.tsx',
  '<rootDir>/web/src/components/ui/toast-area.tsx',
  // What start-up shows when it finds no server, whatever the path: the app
  // opened from the service worker's cache has only this part before it knows who is signed in.
  '<rootDir>/web/src/app/offline-start.tsx',
  '<rootDir>/web/src/components/ui/offline-banner.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...languages],
  catalogs: [
    { path: '<rootDir>/web/src/locales/{locale}/login', include: loginScreenFiles },
    { path: '<rootDir>/web/src/locales/{locale}/app', include: ['<rootDir>/web/src'], exclude: [...loginScreenFiles, '**/*.test.*'] },
  ],
  format: formatter({ lineNumbers: false }),
});
