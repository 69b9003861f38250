import { afterEach, describe, expect, it } from 'vitest';
import { activate } from '@/i18n/i18n';
import { alertSentence, claimSentence, spokenAmount } from './sentence';

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

describe('alertSentence in Hindi and Tamil', () => {
  afterEach(() => activate('en', ['login', 'app']));

  it('says खाता में ₹250 मिले in Hindi', async () => {
    await activate('hi', ['login', 'app']);
    expect(alertSentence('250.00', null)).toBe('खाता में ₹250 मिले');
    expect(alertSentence('250.50', 'Asha')).toMatch(/^खाता में ₹250\.50 .*Asha से/);
  });

  it('says it in Tamil script in Tamil', async () => {
    await activate('ta', ['login', 'app']);
    expect(alertSentence('250.00', null)).toBe('காதாவில் ₹250 பெறப்பட்டது');
  });
});

describe('claimSentence (English)', () => {
  it('asks to check the claimed amount, without the name by default', () => {
    expect(claimSentence('250.00', null)).toBe('Repayment claim of ₹250. Please check and confirm');
  });

  it('keeps paise, and names the customer when names are said', () => {
    expect(claimSentence('99.50', 'Asha')).toBe('Asha says they paid back ₹99.50. Please check and confirm');
  });
});
