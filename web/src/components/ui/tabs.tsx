/** Tabs: Radix Tabs with the app's look. A pill list whose tabs wrap to a second row on a phone. */
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={`flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800/70 ${className}`}
      {...props}
    />
  );
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={`inline-flex h-9 flex-1 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:hover:text-slate-100 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-slate-100 ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={`mt-4 focus-visible:outline-none ${className}`} {...props} />;
}
