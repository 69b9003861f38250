/**
 * The PIN a new staff account chooses when it accepts its first invitation, checked as
 * registration checks a new PIN (docs/product.md#validation); each problem is named by a
 * key of messages.ts. The server checks the same rules again.
 */
import * as z from 'zod/mini';
import { isWeakPin } from '@common/weak-pins';
import { pinPattern } from '@/lib/patterns';

export const joinPinSchema = z
  .object({
    pin: z.string().check(
      z.minLength(1, 'missingPin'),
      z.regex(pinPattern, 'invalidPin'),
      z.refine((pin) => !isWeakPin(pin), 'weakPin'),
    ),
    confirmPin: z.string(),
  })
  .check(z.refine((values) => values.pin === values.confirmPin, { message: 'pinMismatch', path: ['confirmPin'] }));
export type JoinPinValues = z.infer<typeof joinPinSchema>;
