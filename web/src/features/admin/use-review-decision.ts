/**
 * Sends one review decision (docs/product.md#merchant-approval): after the panel's delay, with the notes and,
 * for an approval, the terms; says how it went. `sending` names the action on its way.
 */
import { useEffect, useRef, useState } from 'react';
import type { AdminBusiness } from '@common/api/types';
import { toast } from '@/lib/toast-store';
import { useDecideBusinesses, type DecideBusinessesRequest } from '@/features/admin/api/decide-businesses';
import { decisionFailed, decisionSucceeded } from '@/features/admin/messages';
import { termsForWire, type ReviewValues } from '@/features/admin/schemas';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useReviewDecision(business: AdminBusiness, delayMs: number, onDone: () => void) {
  const decide = useDecideBusinesses();
  const [sending, setSending] = useState<ReviewValues['action'] | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = async (values: ReviewValues) => {
    setSending(values.action);
    if (delayMs > 0) await wait(delayMs);
    if (!mounted.current) return;
    const notes = values.notes.trim();
    const reason = values.reason.trim();
    const body: DecideBusinessesRequest = {
      businessIds: [business.id],
      action: values.action,
      ...(values.action === 'reject' ? { reason } : termsForWire(values)),
      ...(notes ? { notes } : {}),
    };
    decide.mutate(body, {
      onSuccess: () => {
        toast(decisionSucceeded());
        onDone();
      },
      onError: () => toast({ variant: 'destructive', ...decisionFailed() }),
      onSettled: () => {
        if (mounted.current) setSending(null);
      },
    });
  };
  return { sending, send };
}
