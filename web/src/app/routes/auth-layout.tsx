import type { ReactNode } from 'react';
import { LanguagePicker } from '@/components/ui/language-picker';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Below the card: the links to the other sign-ins, each a line of its own. */
  otherSignIns?: ReactNode;
}

/** A text link on the sign-in screens, underlined so it reads as one inside a sentence too. */
export const authLinkClasses = 'font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-500';

/** The quiet "Admin sign in" link: small print, but padded to a 24-pixel tall target for a finger. */
export const adminLinkClasses = 'py-1 text-xs underline underline-offset-4';

/** The frame of the three login screens: the language picker, brand, a title, a card, then the other sign-ins. */
export function AuthLayout({ title, subtitle, children, otherSignIns }: AuthLayoutProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col px-5 pt-4 pb-8">
      <div className="mb-4 flex justify-end">
        <LanguagePicker />
      </div>
      <div className="mb-8 flex flex-col items-center text-center">
        <div
          aria-hidden="true"
          className="mb-4 flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-600 text-3xl font-bold text-white shadow-lg shadow-brand-600/30"
        >
          ₹
        </div>
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-500">Khata</p>
        <h1 className="mt-1 text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{subtitle}</p>
      </div>
      <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        {children}
      </div>
      {/* The screen's only navigation, so it needs no name (one would cost /cust's JavaScript budget too). */}
      {otherSignIns && (
        <nav className="mt-6 flex flex-col items-center gap-4 text-center text-sm text-slate-600 dark:text-slate-300">
          {otherSignIns}
        </nav>
      )}
    </main>
  );
}
