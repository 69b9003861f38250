/**
 * Where a business's application stands, and where a customer's repayment claim stands:
 * one definition for the answers, the events and both sides' types.
 */
import * as z from 'zod/mini';

export const businessStatus = z.enum(['pending', 'approved', 'rejected']);
export type BusinessStatus = z.output<typeof businessStatus>;

export const repaymentClaimStatus = z.enum(['pending', 'confirmed', 'declined']);
export type RepaymentClaimStatus = z.output<typeof repaymentClaimStatus>;
