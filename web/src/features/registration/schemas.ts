/**
 * The wizard's form rules (docs/product.md#validation). Each problem is named by a key of `messages.ts`;
 * the server checks the same rules again through common/schemas/identity.ts.
 */
import * as z from 'zod/mini';
import { isWeakPin } from '@common/weak-pins';
import { pinPattern } from '@/lib/patterns';

const required = (key: string) => z.string().check(z.trim(), z.minLength(1, key));

const newPin = z.string().check(
  z.minLength(1, 'missingFields'),
  z.regex(pinPattern, 'invalidPin'),
  z.refine((pin) => !isWeakPin(pin), 'weakPin'),
);

const pinsMatch = z.refine<{ pin: string; confirmPin: string }>((values) => values.pin === values.confirmPin, {
  message: 'pinMismatch',
  path: ['confirmPin'],
});

export const customerDetailsSchema = z
  .object({ name: required('missingFields'), pin: newPin, confirmPin: z.string() })
  .check(pinsMatch);
export type CustomerDetailsValues = z.infer<typeof customerDetailsSchema>;

export const businessDetailsSchema = z
  .object({
    name: required('missingFields'),
    businessName: required('missingBusiness'),
    businessType: required('missingBusiness'),
    email: required('missingBusiness'),
    address: required('missingBusiness'),
    pin: newPin,
    confirmPin: z.string(),
  })
  .check(pinsMatch);
export type BusinessDetailsValues = z.infer<typeof businessDetailsSchema>;
