import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

export function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col items-center justify-center px-6 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-3 text-xl font-semibold"><Trans>Page not found</Trans></h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400"><Trans>The page you are looking for does not exist.</Trans></p>
      <Link
        href="/"
        className="mt-6 inline-flex h-11 items-center rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <Trans>Go home</Trans>
      </Link>
    </main>
  );
}
