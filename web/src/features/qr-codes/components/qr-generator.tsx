/**
 * The QR generator (docs/product.md#qr-codes): a full-screen overlay with the Generate QR Code form,
 * the code just made shown large, and the Recent QR Codes grid.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrCodeView } from '@common/api/types';
import { customerQrScreenPx, qrExpiryMinutesMax, qrExpiryMinutesMin } from '@common/limits';
import { qrDescriptionLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { FullScreenDialog } from '@/components/ui/full-screen-dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { isOffline } from '@/lib/connection';
import { formatIndiaTime } from '@/lib/date-time';
import { toastFirstIssue } from '@/lib/form-issues';
import { useGenerateQrCode } from '@/features/qr-codes/api/generate-qr-code';
import { generateQrFailedDefault, generateQrIssues, generateQrOffline } from '@/features/qr-codes/messages';
import { formatRemaining, useNow } from '@/features/qr-codes/remaining-time';
import { emptyGenerateQrValues, generateQrSchema, toGenerateQrRequest, type GenerateQrValues } from '@/features/qr-codes/schemas';
import { DownloadButton, QrCodeGrid, qrAmountText } from './qr-code-grid';
import { QrImage } from './qr-image';

interface QrGeneratorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function QrGenerator({ open, onOpenChange }: QrGeneratorProps) {
  const { t } = useLingui();
  return (
    <FullScreenDialog open={open} onOpenChange={onOpenChange} title={t`QR Code Generator`}>
      <QrGeneratorBody />
    </FullScreenDialog>
  );
}

function QrGeneratorBody() {
  const [generated, setGenerated] = useState<QrCodeView | null>(null);
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <GenerateQrForm onGenerated={setGenerated} />
      {generated && <GeneratedCode code={generated} />}
      <QrCodeGrid title={t`Recent QR Codes`} headingId="recent-qr-codes-heading" />
    </div>
  );
}

function GenerateQrForm({ onGenerated }: { onGenerated: (code: QrCodeView) => void }) {
  const generate = useGenerateQrCode();
  const { t } = useLingui();
  const { register, handleSubmit, formState: { errors } } = useForm<GenerateQrValues>({
    resolver: zodResolver(generateQrSchema),
    defaultValues: emptyGenerateQrValues,
  });
  const issues = generateQrIssues();
  const amountError = issueText(errors.amount, issues);
  const submit = (values: GenerateQrValues) => {
    if (isOffline()) {
      toast({ variant: 'destructive', ...generateQrOffline() });
      return;
    }
    generate.mutate(toGenerateQrRequest(values), {
      onSuccess: (code) => {
        toast({ title: t`QR Code Generated`, description: t`Show it to your customer to pay` });
        onGenerated(code);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`Generation Failed`,
          description: serverMessage(error) ?? generateQrFailedDefault(),
        }),
    });
  };
  return (
    <Card>
      <form
        noValidate
        aria-labelledby="generate-qr-heading"
        className="space-y-4"
        onSubmit={handleSubmit(submit, toastFirstIssue(issues))}
      >
        <h2 id="generate-qr-heading" className="text-base font-semibold">
          <Trans>Generate QR Code</Trans>
        </h2>
        <div>
          <Label htmlFor="qr-amount">
            <Trans>Amount (₹)</Trans>
          </Label>
          <Input
            id="qr-amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder={t`Leave empty to let the customer enter it`}
            {...register('amount')}
            {...fieldErrorProps('qr-amount', amountError, 'qr-amount-hint')}
          />
          <FieldError fieldId="qr-amount" error={amountError} />
          <p id="qr-amount-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            <Trans>Optional. Without an amount the code is reusable and the customer enters the amount.</Trans>
          </p>
        </div>
        <div>
          <Label htmlFor="qr-description">
            <Trans>Description</Trans>
          </Label>
          <Input id="qr-description" maxLength={qrDescriptionLengthMax} placeholder={t`Optional, e.g. Groceries`} {...register('description')} />
        </div>
        <div>
          <Label htmlFor="qr-expiry">
            <Trans>Expiration (minutes)</Trans>
          </Label>
          <Input
            id="qr-expiry"
            type="number"
            inputMode="numeric"
            min={qrExpiryMinutesMin}
            max={qrExpiryMinutesMax}
            step={1}
            {...register('expirationMinutes')}
          />
        </div>
        <Button type="submit" size="lg" disabled={generate.isPending} aria-busy={generate.isPending}>
          <Trans>Generate QR Code</Trans>
        </Button>
      </form>
    </Card>
  );
}

function GeneratedCode({ code }: { code: QrCodeView }) {
  const now = useNow();
  const { t } = useLingui();
  const remaining = formatRemaining(code.expiresAt, now);
  const time = formatIndiaTime(code.expiresAt);
  const cardRef = useRef<HTMLDivElement>(null);
  // The form stays above; bring the new code into view.
  useEffect(() => {
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [code.id]);
  return (
    <Card ref={cardRef} role="region" aria-label={t`New QR Code`} className="flex flex-col items-center gap-3 text-center">
      <QrImage data={code.qrData} sizePx={customerQrScreenPx} label={t`New payment QR code`} />
      <p className="text-2xl font-bold tabular-nums">{qrAmountText(code, t`Customer enters amount`)}</p>
      {code.description && <p className="text-sm text-slate-600 dark:text-slate-300">{code.description}</p>}
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {remaining === 'Expired' ? t`Expired` : t`Expires at ${time} (${remaining} left)`}
      </p>
      <DownloadButton code={code} className="w-full" />
    </Card>
  );
}
