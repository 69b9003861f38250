import { useLingui } from '@lingui/react/macro';
import { languages, type Language } from '@common/languages';
import { loadErrorMessages } from '@/lib/api-client';
import { chooseLanguage } from '@/i18n/i18n';

/** Each language by its own name, as language pickers show them. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- each name stays in its own language, untranslated
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்' };

/** Picks the app's language; the sign-in screens carry it. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const { t, i18n } = useLingui();
  // A set width: an auto-sized select measures every option, and laying out the Devanagari
  // and Tamil names costs the signed-out /cust a font fallback before it is interactive.
  return (
    <select
      aria-label={t`Language`}
      className={`w-24 rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-600 ${className}`}
      value={i18n.locale}
      onChange={(event) => void chooseLanguage(event.target.value as Language)
        // The server's refusals are shown by code in the chosen language too.
        .then(() => loadErrorMessages()).catch(() => {})}
    >
      {languages.map((language) => (
        <option key={language} value={language} lang={language}>{languageNames[language]}</option>
      ))}
    </select>
  );
}
