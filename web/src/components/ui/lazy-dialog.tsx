/**
 * A dialog opened by a value (null while closed) whose code downloads on its first opening,
 * so the screen that may open it does not carry it (docs/performance.md). Once loaded it
 * stays mounted, so it closes with its animation and opens again at once.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { withAllTexts } from '@/i18n/home-texts';
import { LoadingSheet } from './loading-sheet';

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, openedBy: keyof P): ComponentType<P> {
  // A dialog is no home's first screen: it waits for every text (i18n/home-texts.ts).
  const Dialog = lazy(withAllTexts(() => load().then((component) => ({ default: component }))));
  return function LazyDialog(props: P) {
    const { t } = useLingui();
    const open = props[openedBy] !== null && props[openedBy] !== undefined;
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    const Loaded = Dialog as unknown as ComponentType<P>;
    return (
      <Suspense fallback={open && <LoadingSheet label={t`Opening…`} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
