import { describe, expect, it } from 'vitest';
import { shortReference } from './reference';

describe('shortReference', () => {
  it('is the id’s last eight hex digits, upper case, in two groups of four', () => {
    expect(shortReference('0192f3a4-7b1c-7d2e-8f3a-4b5c9f3a1c07')).toBe('9F3A-1C07');
  });

  it('differs for ids made in the same millisecond', () => {
    expect(shortReference('0192f3a4-7b1c-7000-8000-000000000001')).not.toBe(shortReference('0192f3a4-7b1c-7000-8000-000000000002'));
  });
});
