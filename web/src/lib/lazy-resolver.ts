/**
 * A react-hook-form resolver whose schema, zod and zodResolver load on first use. The
 * customer login is the first screen most people see, and its validation is needed only
 * on submit: the form calls preload() when it is first touched, so the code arrives
 * while the person types, and a submit before that waits for it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>;
  preload: () => void;
}

export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // Offline: the next attempt loads it again.
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}
