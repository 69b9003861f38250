/** The SMS texts: exact words per language, and each one a DLT template with its variables in place. */
import { describe, expect, it } from 'vitest';
import { languages } from '@common/languages';
import { paise } from '@common/money';
import { smsTemplates } from './provider';
import { dltTemplate, otpSmsText, smsAmount, smsRole, smsText, smsVariable, templateVariables } from './templates';

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

  it('writes an invitation with the shop, the limit and the link', () => {
    const invite = { shop: 'Sharma Kirana', limit: 'Rs 500.00', link: 'https://khata.example.com/i/AbCdE12345' };
    expect(smsText({ template: 'invite', language: 'en', variables: invite })).toBe(
      'Sharma Kirana offers you a Khata credit account with a limit of Rs 500.00. Accept or refuse: https://khata.example.com/i/AbCdE12345');
    expect(smsText({ template: 'invite', language: 'hi', variables: { ...invite, limit: '₹500.00' } })).toBe(
      'Sharma Kirana आपको ₹500.00 की सीमा वाला Khata क्रेडिट खाता दे रहा है। स्वीकार या अस्वीकार करें: https://khata.example.com/i/AbCdE12345');
    expect(smsText({ template: 'invite', language: 'ta', variables: { ...invite, limit: '₹500.00' } })).toBe(
      'Sharma Kirana உங்களுக்கு ₹500.00 வரம்புடன் ஒரு Khata கடன் கணக்கை வழங்குகிறது. ஏற்க அல்லது மறுக்க: https://khata.example.com/i/AbCdE12345');
  });

  it('writes the code that approves a purchase, with its amount, fee, total and shop', () => {
    const charge = { shop: 'Sharma Kirana', amount: 'Rs 100.00', fee: 'Rs 2.00', total: 'Rs 102.00', otp: '318204' };
    expect(smsText({ template: 'charge', language: 'en', variables: charge })).toBe(
      '318204 is your Khata code to approve Rs 100.00 + Rs 2.00 fee = Rs 102.00 at Sharma Kirana. Valid 5 minutes. '
      + 'The shop will ask for it; give it only to approve this purchase.');
    const rupees = { ...charge, amount: '₹100.00', fee: '₹2.00', total: '₹102.00' };
    expect(smsText({ template: 'charge', language: 'hi', variables: rupees })).toBe(
      '318204 आपका Khata कोड है, Sharma Kirana पर ₹100.00 + ₹2.00 शुल्क = ₹102.00 की खरीद मंज़ूर करने के लिए। '
      + '5 मिनट तक मान्य। दुकान यह कोड मांगेगी; इसे सिर्फ़ इसी खरीद को मंज़ूर करने के लिए दें।');
    expect(smsText({ template: 'charge', language: 'ta', variables: rupees })).toBe(
      '318204 என்பது Sharma Kirana கடையில் ₹100.00 + ₹2.00 கட்டணம் = ₹102.00 வாங்குதலை அங்கீகரிக்க உங்கள் Khata குறியீடு. '
      + '5 நிமிடங்கள் செல்லும். கடை இதைக் கேட்கும்; இந்த வாங்குதலை அங்கீகரிக்க மட்டுமே கொடுங்கள்.');
  });

  it('writes the code that opens an account at the counter, with the shop, the limit and approval by SMS code', () => {
    const enrol = { shop: 'Sharma Kirana', limit: 'Rs 2,000.00', otp: '550913' };
    expect(smsText({ template: 'enrol', language: 'en', variables: enrol })).toBe(
      '550913 is your Khata code to open a credit account at Sharma Kirana with a limit of Rs 2,000.00, '
      + 'its purchases approved by SMS code. Give it to the shop only if you agree. Valid 5 minutes.');
    expect(smsText({ template: 'enrol', language: 'hi', variables: { ...enrol, limit: '₹2,000.00' } })).toBe(
      '550913 आपका Khata कोड है, Sharma Kirana पर ₹2,000.00 की सीमा वाला क्रेडिट खाता खोलने के लिए, '
      + 'जिसकी खरीदारी SMS कोड से मंज़ूर होगी। सहमत हों तभी यह कोड दुकान को दें। 5 मिनट तक मान्य।');
    expect(smsText({ template: 'enrol', language: 'ta', variables: { ...enrol, limit: '₹2,000.00' } })).toBe(
      '550913 என்பது Sharma Kirana கடையில் ₹2,000.00 வரம்புடன் கடன் கணக்கைத் திறக்க உங்கள் Khata குறியீடு; '
      + 'அதில் வாங்குதல்கள் SMS குறியீட்டால் அங்கீகரிக்கப்படும். நீங்கள் ஒப்புக்கொண்டால் மட்டுமே இதைக் கடைக்குக் கொடுங்கள். '
      + '5 நிமிடங்கள் செல்லும்.');
  });

  it('writes a shop\'s invitation to work there, with the shop, the role in the reader\'s language and the link', () => {
    const link = 'https://khata.example.com/merchant/join';
    const staff = (language: 'en' | 'hi' | 'ta', role: 'cashier' | 'manager' | 'owner') =>
      smsText({ template: 'staff_invite', language, variables: { shop: 'Sharma Kirana', role: smsRole(role, language), link } });
    expect(staff('en', 'cashier')).toBe(
      'Sharma Kirana has invited you to work on its Khata as a cashier. Accept with this number at https://khata.example.com/merchant/join');
    expect(staff('en', 'owner')).toBe(
      'Sharma Kirana has invited you to work on its Khata as an owner. Accept with this number at https://khata.example.com/merchant/join');
    expect(staff('hi', 'manager')).toBe(
      'Sharma Kirana ने आपको अपने Khata पर मैनेजर के रूप में काम करने के लिए बुलाया है। इसी नंबर से स्वीकार करें: https://khata.example.com/merchant/join');
    expect(staff('ta', 'cashier')).toBe(
      'Sharma Kirana தன் Khata-வில் காசாளர் ஆகப் பணியாற்ற உங்களை அழைத்துள்ளது. இந்த எண்ணைக் கொண்டு ஏற்க: https://khata.example.com/merchant/join');
    expect([smsRole('owner', 'hi'), smsRole('manager', 'ta'), smsRole('owner', 'ta')]).toEqual(['मालिक', 'மேலாளர்', 'உரிமையாளர்']);
  });

  it('says amounts in "Rs" in English (GSM) and "₹" in Hindi and Tamil, and cuts a long shop name to 30 characters', () => {
    expect(smsAmount(paise(125050), 'en')).toBe('Rs 1,250.50');
    expect(smsAmount(paise(125050), 'hi')).toBe('₹1,250.50');
    expect(smsAmount(paise(125050), 'ta')).toBe('₹1,250.50');
    expect(smsVariable('Sharma Kirana')).toBe('Sharma Kirana');
    expect(smsVariable('x'.repeat(30))).toBe('x'.repeat(30));
    expect(smsVariable('Shri Ganesh General Stores and Provisions')).toBe('Shri Ganesh General Stores an…');
    expect([...smsVariable('श्री गणेश जनरल स्टोर्स एंड प्रोविज़न्स')]).toHaveLength(30);
  });

  it('is a DLT template in every language: each variable once, where {#var#} goes, and nothing else varies', () => {
    expect(dltTemplate('otp', 'en')).toBe('{#var#} is your Khata verification code. It expires in 5 minutes.');
    expect(dltTemplate('reminder', 'en')).toBe('{#var#}: {#var#} is owed on your Khata account, {#var#} of it overdue. '
      + 'Next payment due {#var#}. Pay or stop these SMS: {#var#}');
    expect(dltTemplate('invite', 'en')).toBe('{#var#} offers you a Khata credit account with a limit of {#var#}. Accept or refuse: {#var#}');
    expect(dltTemplate('charge', 'en')).toBe('{#var#} is your Khata code to approve {#var#} + {#var#} fee = {#var#} at {#var#}. '
      + 'Valid 5 minutes. The shop will ask for it; give it only to approve this purchase.');
    expect(dltTemplate('enrol', 'en')).toBe('{#var#} is your Khata code to open a credit account at {#var#} with a limit of {#var#}, '
      + 'its purchases approved by SMS code. Give it to the shop only if you agree. Valid 5 minutes.');
    expect(dltTemplate('staff_invite', 'en')).toBe('{#var#} has invited you to work on its Khata as {#var#}. Accept with this number at {#var#}');
    for (const template of smsTemplates) {
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
