/**
 * Light or dark theme (docs/product.md#admin-dashboard): the choice is kept in local storage under "theme",
 * and without one the system preference applies. The class "dark" on <html> switches
 * Tailwind's dark variant. Applied from module code because the CSP forbids inline
 * scripts.
 */
export type Theme = 'light' | 'dark';

const themeKey = 'theme';

export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(themeKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

export const currentTheme = (): Theme => storedTheme() ?? systemTheme();

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function saveTheme(theme: Theme): void {
  window.localStorage.setItem(themeKey, theme);
  applyTheme(theme);
}
