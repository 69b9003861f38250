/**
 * What a customer owes one merchant and when, read from the account's wire
 * strings once, as paise: the dues panel, the Pay back sheet and their checks share it.
 */
import type { CustomerCreditAccount } from '@common/api/types';
import { parseRupees, type Paise } from '@common/money';

export interface Dues {
  owedPaise: Paise;
  /** Owed parts whose due date has passed (India time); 0 when none. */
  overduePaise: Paise;
  /** The earliest due date among the unpaid parts, YYYY-MM-DD; in the past when overdue. */
  nextDueOn: string | null;
  /** What falls due on nextDueOn. */
  nextDueAmountPaise: Paise;
}

const paiseOf = (text: string | null | undefined): Paise => (text ? parseRupees(text) : null) ?? (0 as Paise);

export function duesOf(account: CustomerCreditAccount): Dues {
  return {
    owedPaise: paiseOf(account.owed),
    overduePaise: paiseOf(account.overdue),
    nextDueOn: account.nextDueOn ?? null,
    nextDueAmountPaise: paiseOf(account.nextDueAmount),
  };
}

/** A typed rupee amount ("500", "499.5") to pay back: more than 0, at most 2 decimals, else null. */
export function typedPaise(text: string): Paise | null {
  const value = parseRupees(text.trim());
  return value !== null && value > 0 ? value : null;
}

/** What is wrong with a typed amount to pay back against what is owed, or null when it is fine. */
export type AmountIssue = 'invalidAmount' | 'aboveOwed';

export function amountIssue(text: string, owedPaise: Paise): AmountIssue | null {
  const value = typedPaise(text);
  if (value === null) return 'invalidAmount';
  return value > owedPaise ? 'aboveOwed' : null;
}
