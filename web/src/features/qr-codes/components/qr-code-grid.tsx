import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrCodeView } from '@common/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { formatWireRupees } from '@/lib/format';
import { useActiveQrCodes } from '@/features/qr-codes/api/get-active-qr-codes';
import { downloadQrPng } from '@/features/qr-codes/qr-drawing';
import { formatRemaining, useNow } from '@/features/qr-codes/remaining-time';
import { QrImage } from './qr-image';

const thumbnailPx = 120;

/** The merchant's active QR codes as a grid, each with its time left and a Download button. */
export function QrCodeGrid({ title, headingId }: { title: string; headingId: string }) {
  const codes = useActiveQrCodes();
  const now = useNow();
  const { t } = useLingui();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {codes.isPending ? (
        <Spinner label={t`Loading QR codes`} className="py-6" />
      ) : codes.isError ? (
        <Card className="text-sm text-red-700 dark:text-red-400">
          <Trans>Could not load QR codes.</Trans>
        </Card>
      ) : codes.data.qrCodes.length === 0 ? (
        <Card className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          <Trans>No active QR codes</Trans>
        </Card>
      ) : (
        <ul className="grid grid-cols-2 gap-3">
          {codes.data.qrCodes.map((code) => (
            <li key={code.id}>
              <QrCodeCard code={code} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The code's amount, or `empty` (already translated) for a static code. */
export function qrAmountText(code: Pick<QrCodeView, 'amount'>, empty: string): string {
  return code.amount === null ? empty : formatWireRupees(code.amount);
}

function QrCodeCard({ code, now }: { code: QrCodeView; now: number }) {
  const { t } = useLingui();
  const remaining = formatRemaining(code.expiresAt, now);
  const amount = qrAmountText(code, t`Any amount`);
  return (
    <Card role="article" aria-label={t`QR code ${amount}`} className="flex h-full flex-col items-center gap-2 p-3 text-center">
      <QrImage data={code.qrData} sizePx={thumbnailPx} label={t`QR code for ${amount}`} />
      <p className="font-semibold tabular-nums">{amount}</p>
      {code.description && <p className="w-full truncate text-xs text-slate-500 dark:text-slate-400">{code.description}</p>}
      <div className="flex flex-wrap items-center justify-center gap-1.5 text-xs">
        <QrStatus code={code} remaining={remaining} />
        {code.status === 'active' && remaining !== 'Expired' && (
          <span className="text-slate-500 tabular-nums dark:text-slate-400">{remaining}</span>
        )}
      </div>
      <DownloadButton code={code} className="mt-auto w-full" />
    </Card>
  );
}

/** Paid for a used dynamic code, Expired once the time is up, else Active. `remaining` is formatRemaining's, whose 'Expired' marker is untranslated. */
export function QrStatus({ code, remaining }: { code: QrCodeView; remaining: string }) {
  if (code.status === 'paid') {
    return (
      <Badge tone="success">
        <Trans>Paid</Trans>
      </Badge>
    );
  }
  if (code.status === 'expired' || remaining === 'Expired') {
    return (
      <Badge tone="danger">
        <Trans>Expired</Trans>
      </Badge>
    );
  }
  return (
    <Badge tone="neutral">
      <Trans>Active</Trans>
    </Badge>
  );
}

export function DownloadButton({ code, className = '' }: { code: QrCodeView; className?: string }) {
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const download = async () => {
    setSaving(true);
    try {
      await downloadQrPng(code.id, code.qrData);
    } catch {
      toast({ variant: 'destructive', title: t`Download Failed`, description: t`Please try again` });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button variant="secondary" className={`h-9 text-xs ${className}`} disabled={saving} onClick={() => void download()}>
      <Trans>Download</Trans>
    </Button>
  );
}
