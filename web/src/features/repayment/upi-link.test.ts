import { describe, expect, it } from 'vitest';
import type { Paise } from '@common/money';
import { upiPayUrl, upiRepaymentNote } from './upi-link';

describe('upiPayUrl', () => {
  it('writes pa, pn, am with two decimals, cu=INR and tn, in that order', () => {
    expect(upiPayUrl({ vpa: 'ravi@okaxis', payeeName: 'Kumar Kirana', amountPaise: 124990 as Paise })).toBe(
      'upi://pay?pa=ravi@okaxis&pn=Kumar%20Kirana&am=1249.90&cu=INR&tn=Khata%20repayment',
    );
    expect(upiRepaymentNote).toBe('Khata repayment');
  });

  it('keeps two decimals for whole rupees and single paise', () => {
    expect(upiPayUrl({ vpa: 'a@b', payeeName: 'X', amountPaise: 50000 as Paise })).toContain('&am=500.00&');
    expect(upiPayUrl({ vpa: 'a@b', payeeName: 'X', amountPaise: 1 as Paise })).toContain('&am=0.01&');
  });

  it('encodes spaces as %20, never +, and escapes &, = and + inside a value', () => {
    const url = upiPayUrl({ vpa: 'shop.one@ybl', payeeName: 'A&B = C + D Stores', amountPaise: 100 as Paise, note: 'Bill 1+2' });
    expect(url).toBe('upi://pay?pa=shop.one@ybl&pn=A%26B%20%3D%20C%20%2B%20D%20Stores&am=1.00&cu=INR&tn=Bill%201%2B2');
    expect(url).not.toMatch(/=[^&]*\+/);
  });

  it('round-trips through a URL parser, Unicode names included', () => {
    const url = upiPayUrl({ vpa: 'ravi@okaxis', payeeName: 'ரவி ஸ்டோர்ஸ்', amountPaise: 99 as Paise });
    const parsed = new URLSearchParams(url.slice('upi://pay?'.length));
    expect(Object.fromEntries(parsed)).toEqual({
      pa: 'ravi@okaxis', pn: 'ரவி ஸ்டோர்ஸ்', am: '0.99', cu: 'INR', tn: 'Khata repayment',
    });
  });
});
