/** Amounts on the wire: a number or a decimal string, normalised to exact paise. */
import * as z from 'zod/mini';
import { feeBasisPointsMax } from '../limits';
import { parsePercent, parseRupees, type BasisPoints, type Paise } from '../money';
import type { InputErrorKey } from '../errors';

/** A positive rupee amount with at most 2 decimals, as paise. */
export const positiveAmount = (key: InputErrorKey) => z.pipe(
  z.union([z.string(), z.number()], key).check(
    z.refine((value) => (parseRupees(value) ?? 0) > 0, key),
  ),
  z.transform((value) => parseRupees(value) as Paise),
);

/** A percent from 0 to 100 with at most 2 decimals, as basis points. */
export const feePercent = (key: InputErrorKey) => z.pipe(
  z.union([z.string(), z.number()], key).check(
    z.refine((value) => { const rate = parsePercent(value); return rate !== null && rate <= feeBasisPointsMax; }, key),
  ),
  z.transform((value) => parsePercent(value) as BasisPoints),
);
