import type { ComponentProps, ReactNode } from 'react';

export function Label({ className = '', ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={`mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300 ${className}`}
      {...props}
    />
  );
}

const boxClasses =
  'flex h-12 w-full items-center rounded-xl border border-slate-300 bg-white text-base text-slate-900 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={`${boxClasses} px-3 placeholder:text-slate-400 focus:outline-none ${className}`}
      {...props}
    />
  );
}

export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={`${boxClasses} h-auto min-h-20 px-3 py-2 placeholder:text-slate-400 focus:outline-none ${className}`}
      {...props}
    />
  );
}

interface AffixInputProps extends ComponentProps<'input'> {
  /** Fixed text shown before the value, e.g. "+91". */
  prefix?: string;
  /** A control shown after the value, e.g. a show/hide button. */
  suffix?: ReactNode;
}

/** An input with a fixed prefix text and/or a trailing control inside one box. */
export function AffixInput({ prefix, suffix, className = '', ...props }: AffixInputProps) {
  return (
    <div className={`${boxClasses} overflow-hidden ${className}`}>
      {prefix && (
        <span className="flex h-full items-center border-r border-slate-200 bg-slate-50 px-3 font-medium text-slate-600 select-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {prefix}
        </span>
      )}
      <input
        className="h-full min-w-0 flex-1 bg-transparent px-3 placeholder:text-slate-400 focus:outline-none"
        {...props}
      />
      {suffix}
    </div>
  );
}
