import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** What a new code sends; without an amount (a rupee string) it is a static code. */
export type GenerateQrRequest = NonNullable<Input<'POST /api/qr/generate'>['body']>;

export function useGenerateQrCode() {
  return useMutation({
    mutationFn: (body: GenerateQrRequest) => request('POST /api/qr/generate', { body }),
    meta: { changed: 'qr-code-generated' },
  });
}
