import { describe, expect, it } from 'vitest';
import { alertSentence, spokenAmount } from './sentence';

describe('spokenAmount', () => {
  it.each([
    ['250.00', '250'],
    ['250.50', '250.50'],
    ['250.05', '250.05'],
    ['1200.00', '1200'],
    ['100000.00', '100000'],
    ['0.99', '0.99'],
  ])('says %s as %s: no .00 and no digit grouping', (wire, spoken) => {
    expect(spokenAmount(wire)).toBe(spoken);
  });
});

describe('alertSentence (English)', () => {
  it('says the amount on Khata, without the name by default', () => {
    expect(alertSentence('250.00', null)).toBe('Received ₹250 on Khata');
  });

  it('keeps paise, and adds the customer when names are said', () => {
    expect(alertSentence('250.50', 'Asha')).toBe('Received ₹250.50 on Khata from Asha');
  });
});
