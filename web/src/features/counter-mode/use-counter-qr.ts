/**
 * Counter mode's code (docs/product.md#counter-mode): the shop's static code (no amount) at the longest expiry
 * allowed, an active one reused while it has time left, and a new one made
 * counterQrRenewMinutesBefore its end, so the counter never shows a code that expires.
 */
import { useEffect, useState } from 'react';
import type { QrCodeView } from '@common/api/types';
import { counterQrRenewMinutesBefore, qrExpiryMinutesMax } from '@common/limits';
import { useGenerateQrCode } from '@/features/qr-codes/api/generate-qr-code';
import { useActiveQrCodes } from '@/features/qr-codes/api/get-active-qr-codes';

const renewMarginMs = counterQrRenewMinutesBefore * 60_000;
/** After a failed generation, the next try waits this long. */
export const counterQrRetryMs = 30_000;

const msLeft = (code: QrCodeView) => Date.parse(code.expiresAt) - Date.now();
const usable = (code: QrCodeView) =>
  code.status === 'active' && !code.isDynamic && code.amount === null && msLeft(code) > renewMarginMs;

export interface CounterQr {
  code: QrCodeView | null;
  /** The last try to make one failed; another follows by itself. */
  failed: boolean;
}

export function useCounterQr(): CounterQr {
  const active = useActiveQrCodes();
  const { mutate: generate, isPending: generating } = useGenerateQrCode();
  const [code, setCode] = useState<QrCodeView | null>(null);
  const [failed, setFailed] = useState(false);
  // Bumped when the current code reaches its renewal time, or a failed try may be retried.
  const [tick, setTick] = useState(0);
  const listed = active.data?.qrCodes;
  const listPending = active.isPending;

  useEffect(() => {
    if (code && usable(code)) {
      const timer = setTimeout(() => setTick((n) => n + 1), msLeft(code) - renewMarginMs);
      return () => clearTimeout(timer);
    }
    if (listPending && !active.isError) return;
    // The longest-lived static code already made, else a new one.
    const reusable = (listed ?? []).filter(usable).sort((a, b) => msLeft(b) - msLeft(a))[0];
    if (reusable) {
      setCode(reusable);
      return;
    }
    if (generating || failed) return;
    generate(
      { expirationMinutes: qrExpiryMinutesMax },
      {
        onSuccess: (made) => {
          setFailed(false);
          setCode(made);
        },
        onError: () => setFailed(true),
      },
    );
  }, [code, listed, listPending, active.isError, generating, failed, generate, tick]);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), counterQrRetryMs);
    return () => clearTimeout(timer);
  }, [failed]);

  return { code: code && msLeft(code) > 0 ? code : null, failed };
}
