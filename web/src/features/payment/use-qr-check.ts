/**
 * Validates a code before the confirm step and says why when the server refuses it. It is
 * where every payment attempt starts, so while offline it refuses at once.
 */
import type { QrValidation } from '@common/api/types';
import { toast } from '@/lib/toast-store';
import { errorStatus, serverMessage } from '@/lib/api-client';
import { isOffline } from '@/lib/connection';
import { useValidateQr } from '@/features/payment/api/validate-qr';
import {
  paymentMessages,
  validationErrorDefault,
  validationErrorTitle,
  validationFailedDefault,
  validationFailedTitle,
} from '@/features/payment/messages';

export function useQrCheck(onValid: (result: QrValidation) => void) {
  const validate = useValidateQr();
  const check = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) {
      toast({ variant: 'destructive', ...paymentMessages.noQrCode() });
      return;
    }
    if (isOffline()) {
      toast({ variant: 'destructive', ...paymentMessages.offline() });
      return;
    }
    validate.mutate(
      { qrData: trimmed },
      {
        onSuccess: onValid,
        onError: (error) => {
          const status = errorStatus(error);
          // A refusal (4xx) carries the server's reason; anything else is a failed request.
          if (status !== null && status >= 400 && status < 500) {
            toast({
              variant: 'destructive',
              title: validationFailedTitle(),
              description: serverMessage(error) ?? validationFailedDefault(),
            });
          } else {
            toast({ variant: 'destructive', title: validationErrorTitle(), description: validationErrorDefault() });
          }
        },
      },
    );
  };
  return { check, checking: validate.isPending };
}
