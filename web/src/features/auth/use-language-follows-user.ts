/**
 * The language follows the user (docs/product.md#languages): a choice made on this browser before or after
 * sign-in is saved on the user, and a user who signs in on a browser where no choice is
 * pending gets their saved language.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResponse } from '@common/api/types';
import type { Language } from '@common/languages';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { request } from '@/lib/api-request';
import { wantAllTexts } from '@/i18n/home-texts';
import { adoptLanguage, choiceSaved, currentLanguage, languageChosenEvent, pendingChoice } from '@/i18n/i18n';

export function useLanguageFollowsUser(me: MeResponse) {
  const queryClient = useQueryClient();
  const userId = me.user.id;
  const saved = me.language;

  useEffect(() => {
    const save = (language: Language) => request('POST /api/auth/language', { body: { language } })
      .then(() => {
        choiceSaved(language);
        queryClient.setQueryData(currentUserQueryKey, (old) => old && { ...old, language });
      })
      // Offline: the choice stays pending and is saved at the next start.
      .catch(() => {});

    const pending = pendingChoice();
    if (pending) void save(pending);
    else if (saved && saved !== currentLanguage()) {
      wantAllTexts();
      void adoptLanguage(saved);
    }

    const onChosen = (event: Event) => void save((event as CustomEvent<Language>).detail);
    window.addEventListener(languageChosenEvent, onChosen);
    return () => window.removeEventListener(languageChosenEvent, onChosen);
    // Once per signed-in user: their saved language is read at sign-in, then choices are sent.
  }, [userId]);
}
