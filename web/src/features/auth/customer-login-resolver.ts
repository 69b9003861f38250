/** The customer login's validation, loaded on first use (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { customerLoginSchema } from './schemas';

export const customerLoginResolver = zodResolver(customerLoginSchema);
