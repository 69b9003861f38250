import { describe, expect, it } from 'vitest';
import { expiryMinutes, toGenerateQrRequest } from './schemas';

describe('expiryMinutes', () => {
  it('defaults to 15 when not numeric', () => {
    expect(expiryMinutes('')).toBe(15);
    expect(expiryMinutes('abc')).toBe(15);
  });

  it('keeps whole minutes from 1 to 1440', () => {
    expect(expiryMinutes('30')).toBe(30);
    expect(expiryMinutes('0')).toBe(1);
    expect(expiryMinutes('5000')).toBe(1440);
    expect(expiryMinutes('2.6')).toBe(3);
  });
});

describe('toGenerateQrRequest', () => {
  it('sends only the expiry for a static code', () => {
    expect(toGenerateQrRequest({ amount: '', description: '   ', expirationMinutes: '15' })).toEqual({ expirationMinutes: 15 });
  });

  it('sends the amount with 2 decimals and the trimmed description', () => {
    expect(toGenerateQrRequest({ amount: '250.5', description: ' Groceries ', expirationMinutes: '60' })).toEqual({
      expirationMinutes: 60,
      amount: '250.50',
      description: 'Groceries',
    });
  });
});
