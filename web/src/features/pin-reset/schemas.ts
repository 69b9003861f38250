/** The new PIN of a reset, each problem named by a key of `messages.ts`. */
import * as z from 'zod/mini';
import { isWeakPin } from '@common/weak-pins';
import { pinPattern } from '@/lib/patterns';

export const newPinSchema = z
  .object({
    newPin: z.string().check(
      z.regex(pinPattern, 'invalidNew'),
      z.refine((pin) => !isWeakPin(pin), 'weak'),
    ),
    confirmPin: z.string(),
  })
  .check(z.refine((values) => values.newPin === values.confirmPin, { message: 'mismatch', path: ['confirmPin'] }));
export type NewPinValues = z.infer<typeof newPinSchema>;
