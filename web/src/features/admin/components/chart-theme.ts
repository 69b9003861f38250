/**
 * Whether the page is dark now (lib/theme.ts puts the class on <html>), followed as the theme
 * toggle changes it: the Analytics charts draw on a canvas, which CSS does not recolour.
 */
import { useSyncExternalStore } from 'react';

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

export const useDarkTheme = (): boolean => useSyncExternalStore(subscribeToTheme, isDark, () => false);
