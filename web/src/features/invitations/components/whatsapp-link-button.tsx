import type { ReactNode } from 'react';

const whatsappClasses =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-emerald-700 font-semibold text-white shadow-sm transition-colors hover:bg-emerald-800 active:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * A link that opens WhatsApp with the message written in; a link rather than a button, so
 * the phone hands it to the app itself and nothing is sent without the merchant's tap there.
 */
export function WhatsAppLinkButton({ href, children, className = '' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${whatsappClasses} ${className}`}>
      {children}
    </a>
  );
}
