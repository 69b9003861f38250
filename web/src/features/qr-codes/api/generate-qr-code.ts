import { useMutation } from '@tanstack/react-query';
import { request, type Input } from '@/lib/api-client';

/** What a new code sends; without an amount (a rupee string) it is a static code. */
export type GenerateQrRequest = NonNullable<Input<'POST /api/qr/generate'>['body']>;

export function useGenerateQrCode() {
  return useMutation({
    mutationFn: (body: GenerateQrRequest) => request('POST /api/qr/generate', { body }),
    meta: { changed: 'qr-code-generated' },
  });
}
