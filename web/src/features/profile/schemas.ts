/** Change PIN rules (docs/product.md#validation), each problem named by a key of `messages.ts`. */
import * as z from 'zod/mini';
import { isWeakPin } from '@common/weak-pins';
import { pinPattern } from '@/lib/patterns';

export const changePinSchema = z
  .object({
    currentPin: z.string().check(z.regex(pinPattern, 'invalidCurrent')),
    newPin: z.string().check(
      z.regex(pinPattern, 'invalidNew'),
      z.refine((pin) => !isWeakPin(pin), 'weak'),
    ),
    confirmPin: z.string(),
  })
  .check(
    z.refine((values) => values.newPin === values.confirmPin, { message: 'mismatch', path: ['confirmPin'] }),
    z.refine((values) => values.newPin !== values.currentPin, { message: 'same', path: ['newPin'] }),
  );
export type ChangePinValues = z.infer<typeof changePinSchema>;
