/**
 * The Copy button of the Pay back sheet. Apart from the sheet so its toasts read Lingui's
 * `t` when the button is pressed, in the language the app speaks then.
 */
import { t } from '@lingui/core/macro';
import { toast } from '@/lib/toast-store';

export async function copyUpiId(upiId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(upiId);
    toast({ title: t`Copied!`, description: t`UPI ID copied to clipboard` });
  } catch {
    toast({ variant: 'destructive', title: t`Copy failed`, description: t`The UPI ID is ${upiId}` });
  }
}
