import { Trans } from '@lingui/react/macro';
import type { TransactionView } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { canShare, shareReceipt, whatsAppLink } from '@/features/receipt/receipt-figures';

interface ShareReceiptProps {
  transaction: TransactionView;
  /** The button's words where the browser has a share sheet ("Share", "Share receipt"). */
  label: string;
  variant?: 'primary' | 'secondary';
  /** Its width and wrapping in the opener's row of buttons. */
  className?: string;
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not text */
const linkClasses: Record<NonNullable<ShareReceiptProps['variant']>, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
};
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Shares a receipt's text: through the browser's share sheet where there is one, else as a
 * WhatsApp message the customer sends to whom they choose (a link, opened in a new tab).
 */
export function ShareReceipt({ transaction, label, variant = 'primary', className = '' }: ShareReceiptProps) {
  if (canShare()) {
    return (
      <Button size="lg" variant={variant} className={className} onClick={() => void shareReceipt(transaction)}>
        {label}
      </Button>
    );
  }
  return (
    <a
      href={whatsAppLink(transaction)}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-5 py-2 text-center text-base leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${linkClasses[variant]} ${className}`}
    >
      <Trans>Share on WhatsApp</Trans>
    </a>
  );
}
