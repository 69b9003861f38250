import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './languages';

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['ta', 'ta'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, ta;q=0.5, hi;q=0.7', 'hi'],
    ['de, fr;q=0.8', undefined],
    ['hi;q=0, ta;q=0.1', 'ta'],
    ['', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});
