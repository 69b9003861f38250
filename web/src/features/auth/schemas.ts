import * as z from 'zod/mini';
import { phoneDigitsPattern } from '@/lib/patterns';

export const customerLoginSchema = z.object({
  phone: z.string().check(z.minLength(1, 'missing'), z.regex(phoneDigitsPattern, 'invalidPhone')),
  pin: z.string().check(z.minLength(1, 'missing')),
});
export type CustomerLoginValues = z.infer<typeof customerLoginSchema>;

export const emailLoginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'missing')),
  pin: z.string().check(z.minLength(1, 'missing')),
});
export type EmailLoginValues = z.infer<typeof emailLoginSchema>;
