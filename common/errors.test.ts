import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { errorCode, errors, errorStatus, isErrorKey, type ErrorKey, type ErrorParams } from './errors';
import { errorArguments, formatError } from './format-error';
import { formatRupees, type Paise } from './money';

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; pluralType?: string };

/** Every argument of an ICU message with the values that exercise each of its branches. */
function argumentValues(elements: Element[], into = new Map<string, Set<string | number>>()) {
  for (const element of elements) {
    if (!element.value || element.type === 0 || element.type === 7) continue;
    const values = into.get(element.value) ?? new Set<string | number>();
    into.set(element.value, values);
    if (element.pluralType) {
      values.add(1).add(2);
    } else if (element.options) {
      for (const option of Object.keys(element.options)) values.add(option === 'other' ? 'something-else' : option);
    } else {
      values.add(`<${element.value}>`);
    }
    for (const option of Object.values(element.options ?? {})) argumentValues(option.value, into);
  }
  return into;
}

/** One parameter set per value of every argument, the others at their first value. */
function paramSets(key: ErrorKey): ErrorParams[] {
  const ast = new IntlMessageFormat(errors[key].message, 'en-IN').getAst() as Element[];
  const args = [...argumentValues(ast)];
  const base: ErrorParams = Object.fromEntries(args.map(([name, values]) => [name, [...values][0]!]));
  const sets = [base];
  for (const [name, values] of args) for (const value of values) sets.push({ ...base, [name]: value });
  return sets;
}

describe('the error catalogue', () => {
  it.each(Object.keys(errors) as ErrorKey[])('formats %s with every branch of its parameters', (key) => {
    for (const params of paramSets(key)) {
      const text = formatError(key, params);
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text).not.toMatch(/[{}#]/);
    }
  });

  it('refuses a malformed ICU message, so a broken entry fails the test above', () => {
    expect(() => new IntlMessageFormat('Incorrect PIN. {attemptsLeft, plural, one {# attempt} other {# attempts} left.', 'en-IN')).toThrow();
    expect(() => new IntlMessageFormat('{purpose, select, registration {a}}', 'en-IN')).toThrow();
  });

  it('throws when a parameter the message needs is missing', () => {
    expect(() => formatError('insufficient_credit', {})).toThrow();
  });

  it('says one attempt, two attempts, one minute, two seconds', () => {
    expect(formatError('pin_incorrect', { attemptsLeft: 1 })).toBe('Incorrect PIN. 1 attempt left.');
    expect(formatError('pin_incorrect', { attemptsLeft: 2 })).toBe('Incorrect PIN. 2 attempts left.');
    expect(formatError('current_pin_incorrect', { attemptsLeft: 4 })).toBe('Current PIN is incorrect. 4 attempts left.');
    expect(formatError('otp_invalid', { attemptsLeft: 1 })).toBe('Incorrect OTP. 1 attempt left.');
    expect(formatError('account_locked', { retryAfterMinutes: 1 })).toBe('Too many wrong PINs. Try again in 1 minute.');
    expect(formatError('account_locked', { retryAfterMinutes: 15 })).toBe('Too many wrong PINs. Try again in 15 minutes.');
    expect(formatError('otp_resend_too_soon', { waitSeconds: 2 })).toBe('Please wait 2 seconds before requesting another OTP.');
  });

  it('selects the sentence for registration and for a PIN reset', () => {
    expect(formatError('otp_proof_missing', { purpose: 'registration' }))
      .toBe('Please verify your phone number with an OTP before registering.');
    expect(formatError('otp_proof_missing', { purpose: 'pin_reset' }))
      .toBe('Please verify your phone number with an OTP before resetting your PIN.');
    expect(formatError('reset_account_not_found', { role: 'customer' })).toBe('No customer account uses this phone number');
    expect(formatError('reset_account_not_found', { role: 'business' })).toBe('No business account uses this phone number');
    expect(formatError('already_decided', { businessName: 'Kumar Kirana', status: 'approved' }))
      .toBe('Kumar Kirana has already been approved; only pending applications can be decided');
  });

  it('keeps an apostrophe and takes amounts already formatted', () => {
    expect(formatError('limit_above_maximum', { maximum: formatRupees(5_000_000 as Paise) }))
      .toBe("Credit limit cannot be more than ₹50,000.00, your business's maximum");
    expect(formatError('insufficient_credit', { shortfall: formatRupees(1 as Paise) })).toBe('Insufficient balance. You need ₹0.01 more.');
  });

  it('sends each refinement under a public code that has its own entry', () => {
    for (const key of Object.keys(errors) as ErrorKey[]) {
      expect(errors[errorCode(key)], key).toBeDefined();
      expect(errorStatus[errorCode(key)], key).toBeTypeOf('number');
    }
    expect(errorCode('cursor_invalid')).toBe('invalid_input');
    expect(errorStatus.invalid_input).toBe(400);
  });

  it("holds the schemas' refusals as 400s under invalid_input, in the English the API has always sent", () => {
    expect(errors.phone_format).toEqual({ status: 400, code: 'invalid_input', message: 'Phone number must be +91 followed by a 10-digit mobile number' });
    expect(formatError('name_too_long')).toBe('Name must be at most 100 characters');
    expect(formatError('qr_expiry_range')).toBe('Expiry must be from 1 to 1440 minutes');
    expect(formatError('text_has_bidi')).toBe('Text must not contain invisible characters that change its direction');
  });

  it('names the arguments a message reads, each once, branches included', () => {
    expect(errorArguments('already_decided')).toEqual(['businessName', 'status']);
    expect(errorArguments('current_pin_incorrect')).toEqual(['attemptsLeft']);
    expect(errorArguments('reminder_limit')).toEqual(['remindersMax']);
    expect(errorArguments('pin_format')).toEqual([]);
  });

  it('knows its own keys and nothing an object inherits', () => {
    expect(isErrorKey('current_pin_incorrect')).toBe(true);
    expect(isErrorKey('phone_format')).toBe(true);
    expect(isErrorKey('teapot')).toBe(false);
    expect(isErrorKey('toString')).toBe(false);
    expect(isErrorKey(undefined)).toBe(false);
  });
});
