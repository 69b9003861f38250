import { afterAll, describe, expect, it } from 'vitest';
import { activate, i18n } from './i18n';

describe('activate', () => {
  afterAll(() => activate('en', ['login', 'app']));

  it('keeps the later of two quick choices, whichever catalogue arrives last', async () => {
    // Tamil's catalogue is already here; Hindi's has to load, so it arrives second.
    await activate('ta');
    await activate('en');
    const older = activate('hi');
    const newer = activate('ta');
    await Promise.all([older, newer]);
    expect(i18n.locale).toBe('ta');
    expect(document.documentElement.lang).toBe('ta');
  });
});
