import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { currentTheme, saveTheme, type Theme } from '@/lib/theme';
import { MoonIcon, SunIcon } from '@/components/ui/icons';

/** Switches between light and dark; the choice is remembered (lib/theme.ts). */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const { t } = useLingui();
  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    saveTheme(next);
    setTheme(next);
  };
  return (
    <button
      type="button"
      aria-label={t`Toggle theme`}
      title={theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`}
      onClick={toggle}
      className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
