import { describe, expect, it } from 'vitest';
import { formatRupees, paise } from '@common/money';
import { capitalise, formatWireRupees, shortUserId, toPhoneNumber } from './format';

describe('format', () => {
  it('shows rupees with two decimals and Indian grouping', () => {
    expect(formatWireRupees('123456.00')).toBe('₹1,23,456.00');
    expect(formatWireRupees('0.5')).toBe('₹0.50');
    expect(formatRupees(paise(1_00_000_00))).toBe('₹1,00,000.00');
  });

  it('leaves text that is not an amount as it is', () => {
    expect(formatWireRupees('n/a')).toBe('n/a');
  });

  it('builds the +91 number, the short user ID and capitalised statuses', () => {
    expect(toPhoneNumber('9876543210')).toBe('+919876543210');
    expect(shortUserId('3f2a9c71-8b4e-4d2a')).toBe('3f2a9c71');
    expect(capitalise('pending')).toBe('Pending');
  });
});
