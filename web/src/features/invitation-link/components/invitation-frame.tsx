import type { ReactNode } from 'react';

/** The link page's frame: Khata's mark, then the page, one column on the phone. */
export function InvitationFrame({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col gap-5 px-5 pt-8 pb-8">
      <div className="flex items-center gap-3">
        <div
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-xl font-bold text-white shadow-lg shadow-brand-600/30"
        >
          ₹
        </div>
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-500">Khata</p>
      </div>
      {children}
    </main>
  );
}
