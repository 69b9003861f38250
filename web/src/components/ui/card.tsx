import type { ComponentProps } from 'react';

/** A white, rounded panel on the page background. */
export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
      {...props}
    />
  );
}

/**
 * A card's row of small buttons (each given cardActionClasses): two to a row, each label
 * on one line; a label longer than half the card (Tamil's, some Hindi ones) takes a row
 * of its own rather than wrapping. Nothing shows when the person may use none of them.
 */
export function CardActions({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`flex flex-wrap gap-2 empty:hidden ${className}`} {...props} />;
}

/**
 * A button or link in CardActions. Half the row less a whole gap, so two always fit
 * beside the gap whatever the rounding; growing makes them equal again.
 */
export const cardActionClasses = 'h-9 grow basis-[calc(50%-0.5rem)] px-2 text-xs whitespace-nowrap';
