/**
 * Texts the web shows in the server's place (offline, a proxy's page) and texts the server
 * also sends: in English they are the server's words, so docs/product.md's texts read the same
 * whichever side speaks, and in other languages they are translated.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { invalidCredentialsMessage, weakPinMessage } from '@common/errors';
import { activate } from '@/i18n/i18n';
import { changePinIssues } from '@/features/profile/messages';
import { newPinIssues } from '@/features/pin-reset/messages';
import { detailsIssues } from '@/features/registration/messages';
import { loginFailedDefaults } from '@/features/auth/messages';

const weakPinTexts = () => [detailsIssues().weakPin.description, changePinIssues().weak.description, newPinIssues().weak.description];

describe('the server\'s words on the web', () => {
  afterAll(() => activate('en', ['login', 'app']));

  it('are the server\'s own in English', () => {
    expect(loginFailedDefaults()).toEqual(invalidCredentialsMessage);
    expect(weakPinTexts()).toEqual([weakPinMessage, weakPinMessage, weakPinMessage]);
  });

  it('are translated in Hindi and Tamil', async () => {
    for (const language of ['hi', 'ta'] as const) {
      await activate(language, ['login', 'app']);
      for (const [role, english] of Object.entries(invalidCredentialsMessage)) {
        expect(loginFailedDefaults()[role as keyof typeof invalidCredentialsMessage], `${language} ${role}`).not.toBe(english);
      }
      for (const text of weakPinTexts()) expect(text, language).not.toBe(weakPinMessage);
    }
  });
});
