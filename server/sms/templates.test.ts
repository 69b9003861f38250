/** The SMS texts: exact words per language, and each one a DLT template with its variables in place. */
import { describe, expect, it } from 'vitest';
import { languages } from '@common/languages';
import { dltTemplate, otpSmsText, smsText, templateVariables } from './templates';

const reminder = { shop: 'Sharma Kirana', owed: '₹1,250.00', overdue: '₹400.00', due_date: '5 December 2026', link: 'https://khata.example.com/r/AbCdE12345' };

describe('SMS texts', () => {
  it('writes the OTP as Khata always did, in each language', () => {
    expect(otpSmsText('123456')).toBe('123456 is your Khata verification code. It expires in 5 minutes.');
    expect(otpSmsText('123456', 'hi')).toBe('123456 आपका Khata वेरिफ़िकेशन कोड है। यह 5 मिनट तक ही चलेगा।');
    expect(otpSmsText('123456', 'ta')).toBe('123456 உங்கள் Khata சரிபார்ப்புக் குறியீடு. இது 5 நிமிடங்களுக்கு மட்டுமே செல்லும்.');
    expect(smsText({ template: 'otp', language: 'en', variables: { otp: '654321' } })).toBe(otpSmsText('654321'));
  });

  it('writes the reminder with the shop, what is owed and overdue, the due date and the link', () => {
    expect(smsText({ template: 'reminder', language: 'en', variables: reminder })).toBe(
      'Sharma Kirana: ₹1,250.00 is owed on your Khata account, ₹400.00 of it overdue. Next payment due 5 December 2026. '
      + 'Pay or stop these SMS: https://khata.example.com/r/AbCdE12345');
    expect(smsText({ template: 'reminder', language: 'hi', variables: reminder })).toBe(
      'Sharma Kirana: आपके Khata खाते पर ₹1,250.00 बकाया है, जिसमें से ₹400.00 चुकाने की तारीख निकल चुकी है। '
      + 'अगला भुगतान 5 December 2026 तक करना है। भुगतान करें या ये SMS बंद करें: https://khata.example.com/r/AbCdE12345');
    expect(smsText({ template: 'reminder', language: 'ta', variables: reminder })).toBe(
      'Sharma Kirana: உங்கள் Khata கணக்கில் ₹1,250.00 நிலுவையில் உள்ளது; அதில் ₹400.00 கெடு கடந்துவிட்டது. '
      + 'அடுத்த தவணையை 5 December 2026 க்குள் செலுத்த வேண்டும். செலுத்த அல்லது இந்த SMS-களை நிறுத்த: https://khata.example.com/r/AbCdE12345');
  });

  it('is a DLT template in every language: each variable once, where {#var#} goes, and nothing else varies', () => {
    expect(dltTemplate('otp', 'en')).toBe('{#var#} is your Khata verification code. It expires in 5 minutes.');
    expect(dltTemplate('reminder', 'en')).toBe('{#var#}: {#var#} is owed on your Khata account, {#var#} of it overdue. '
      + 'Next payment due {#var#}. Pay or stop these SMS: {#var#}');
    for (const template of ['otp', 'reminder'] as const) {
      for (const language of languages) {
        const names = templateVariables[template];
        const marked = smsText({ template, language, variables: Object.fromEntries(names.map((name) => [name, `<${name}>`])) });
        for (const name of names) expect(marked.split(`<${name}>`), `${template}/${language}/${name}`).toHaveLength(2);
        expect(dltTemplate(template, language).split('{#var#}')).toHaveLength(names.length + 1);
        expect(marked.replace(/<[a-z_]+>/g, '{#var#}')).toBe(dltTemplate(template, language));
      }
    }
  });

  it('refuses a message without one of its variables, or with one its template lacks (a bug, never sent)', () => {
    const { link: _link, ...withoutLink } = reminder;
    expect(() => smsText({ template: 'reminder', language: 'en', variables: withoutLink }))
      .toThrow('Assertion failed: the reminder SMS needs the variable link');
    expect(() => smsText({ template: 'otp', language: 'hi', variables: { otp: '1', name: 'x' } }))
      .toThrow('Assertion failed: the otp SMS has no variable name');
  });
});
