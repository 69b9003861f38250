/**
 * The words of every SMS Khata sends, per message and language. Indian operators deliver only
 * texts that match a template registered on DLT, so each text here is one such template: the
 * fixed words never change and each variable stands where DLT's `{#var#}` goes
 * (docs/operations.md, "SMS"). MSG91 holds the same templates as flows and fills the variables
 * itself; Twilio and the webhook get the text made here.
 */
import { defaultLanguage, type Language } from '@common/languages';
import { smsVariableLengthMax } from '@common/limits';
import { formatRupees, type Paise } from '@common/money';
import type { ShopRole } from '@common/permissions';
import { assert } from '../assert';
import type { SmsMessage, SmsTemplate } from './provider';

/** Each message's variables (the order in which they appear in its text differs between messages and languages); a template uses each once. */
export const templateVariables = {
  otp: ['otp'],
  reminder: ['shop', 'owed', 'overdue', 'due_date', 'link'],
  invite: ['shop', 'limit', 'link'],
  charge: ['shop', 'amount', 'fee', 'total', 'otp'],
  enrol: ['shop', 'limit', 'otp'],
  staff_invite: ['shop', 'role', 'link'],
} as const satisfies Record<SmsTemplate, readonly string[]>;

type Variables<T extends SmsTemplate> = Record<(typeof templateVariables)[T][number], string>;

/**
 * The OTP message (docs/product.md#otp). The English text is the one Khata always sent.
 */
const otpTexts: Record<Language, (v: Variables<'otp'>) => string> = {
  en: (v) => `${v.otp} is your Khata verification code. It expires in 5 minutes.`,
  hi: (v) => `${v.otp} आपका Khata वेरिफ़िकेशन कोड है। यह 5 मिनट तक ही चलेगा।`,
  ta: (v) => `${v.otp} உங்கள் Khata சரிபார்ப்புக் குறியீடு. இது 5 நிமிடங்களுக்கு மட்டுமே செல்லும்.`,
};

/**
 * An automatic or bulk reminder (docs/product.md#automatic-reminders): the shop, all that is
 * owed, the part of it overdue, the next due date and the short link that opens Pay back and
 * the switch to stop these SMS (the sender ids cannot take replies).
 */
const reminderTexts: Record<Language, (v: Variables<'reminder'>) => string> = {
  en: (v) => `${v.shop}: ${v.owed} is owed on your Khata account, ${v.overdue} of it overdue. `
    + `Next payment due ${v.due_date}. Pay or stop these SMS: ${v.link}`,
  hi: (v) => `${v.shop}: आपके Khata खाते पर ${v.owed} बकाया है, जिसमें से ${v.overdue} चुकाने की तारीख निकल चुकी है। `
    + `अगला भुगतान ${v.due_date} तक करना है। भुगतान करें या ये SMS बंद करें: ${v.link}`,
  ta: (v) => `${v.shop}: உங்கள் Khata கணக்கில் ${v.owed} நிலுவையில் உள்ளது; அதில் ${v.overdue} கெடு கடந்துவிட்டது. `
    + `அடுத்த தவணையை ${v.due_date} க்குள் செலுத்த வேண்டும். செலுத்த அல்லது இந்த SMS-களை நிறுத்த: ${v.link}`,
};

/**
 * A shop's offer of credit to a phone number (docs/product.md#invitations): the shop, the
 * limit, and the short link where the number's owner accepts or refuses it.
 */
const inviteTexts: Record<Language, (v: Variables<'invite'>) => string> = {
  en: (v) => `${v.shop} offers you a Khata credit account with a limit of ${v.limit}. Accept or refuse: ${v.link}`,
  hi: (v) => `${v.shop} आपको ${v.limit} की सीमा वाला Khata क्रेडिट खाता दे रहा है। स्वीकार या अस्वीकार करें: ${v.link}`,
  ta: (v) => `${v.shop} உங்களுக்கு ${v.limit} வரம்புடன் ஒரு Khata கடன் கணக்கை வழங்குகிறது. ஏற்க அல்லது மறுக்க: ${v.link}`,
};

/**
 * The code that approves one purchase (docs/product.md#sms-approval). It names the amount,
 * the fee and the shop, and says the shop will ask for it, so a customer asked for it for
 * anything else can tell.
 */
const chargeTexts: Record<Language, (v: Variables<'charge'>) => string> = {
  en: (v) => `${v.otp} is your Khata code to approve ${v.amount} + ${v.fee} fee = ${v.total} at ${v.shop}. `
    + 'Valid 5 minutes. The shop will ask for it; give it only to approve this purchase.',
  hi: (v) => `${v.otp} आपका Khata कोड है, ${v.shop} पर ${v.amount} + ${v.fee} शुल्क = ${v.total} की खरीद मंज़ूर करने के लिए। `
    + '5 मिनट तक मान्य। दुकान यह कोड मांगेगी; इसे सिर्फ़ इसी खरीद को मंज़ूर करने के लिए दें।',
  ta: (v) => `${v.otp} என்பது ${v.shop} கடையில் ${v.amount} + ${v.fee} கட்டணம் = ${v.total} வாங்குதலை அங்கீகரிக்க உங்கள் Khata குறியீடு. `
    + '5 நிமிடங்கள் செல்லும். கடை இதைக் கேட்கும்; இந்த வாங்குதலை அங்கீகரிக்க மட்டுமே கொடுங்கள்.',
};

/**
 * The code that opens a credit account at the shop's counter: the customer's consent, given by
 * reading it out. It says that the account's purchases are approved by SMS code, since the
 * code turns that approval on for a customer who had turned it off, at every shop.
 */
const enrolTexts: Record<Language, (v: Variables<'enrol'>) => string> = {
  en: (v) => `${v.otp} is your Khata code to open a credit account at ${v.shop} with a limit of ${v.limit}, `
    + 'its purchases approved by SMS code. Give it to the shop only if you agree. Valid 5 minutes.',
  hi: (v) => `${v.otp} आपका Khata कोड है, ${v.shop} पर ${v.limit} की सीमा वाला क्रेडिट खाता खोलने के लिए, `
    + 'जिसकी खरीदारी SMS कोड से मंज़ूर होगी। सहमत हों तभी यह कोड दुकान को दें। 5 मिनट तक मान्य।',
  ta: (v) => `${v.otp} என்பது ${v.shop} கடையில் ${v.limit} வரம்புடன் கடன் கணக்கைத் திறக்க உங்கள் Khata குறியீடு; `
    + 'அதில் வாங்குதல்கள் SMS குறியீட்டால் அங்கீகரிக்கப்படும். நீங்கள் ஒப்புக்கொண்டால் மட்டுமே இதைக் கடைக்குக் கொடுங்கள். '
    + '5 நிமிடங்கள் செல்லும்.',
};

/**
 * A shop's invitation to a person to work there (docs/product.md#staff): the shop, the role
 * (smsRole) and the page where they accept with an OTP to this number.
 */
const staffInviteTexts: Record<Language, (v: Variables<'staff_invite'>) => string> = {
  en: (v) => `${v.shop} has invited you to work on its Khata as ${v.role}. Accept with this number at ${v.link}`,
  hi: (v) => `${v.shop} ने आपको अपने Khata पर ${v.role} के रूप में काम करने के लिए बुलाया है। इसी नंबर से स्वीकार करें: ${v.link}`,
  ta: (v) => `${v.shop} தன் Khata-வில் ${v.role} ஆகப் பணியாற்ற உங்களை அழைத்துள்ளது. இந்த எண்ணைக் கொண்டு ஏற்க: ${v.link}`,
};

const texts: { [T in SmsTemplate]: Record<Language, (v: Variables<T>) => string> } = {
  otp: otpTexts,
  reminder: reminderTexts,
  invite: inviteTexts,
  charge: chargeTexts,
  enrol: enrolTexts,
  staff_invite: staffInviteTexts,
};

const roleWords: Record<Language, Record<ShopRole, string>> = {
  en: { cashier: 'a cashier', manager: 'a manager', owner: 'an owner' },
  hi: { cashier: 'कैशियर', manager: 'मैनेजर', owner: 'मालिक' },
  ta: { cashier: 'காசாளர்', manager: 'மேலாளர்', owner: 'உரிமையாளர்' },
};

/** A role at a shop as the staff invitation SMS says it in `language` ("as a cashier", "कैशियर के रूप में"). */
export const smsRole = (role: ShopRole, language: Language): string => roleWords[language][role];

/**
 * An amount as an SMS says it. English says "Rs": "₹" is not in the GSM alphabet, and one
 * such character makes the whole SMS Unicode, three parts instead of two. Hindi and Tamil
 * are Unicode anyway, and keep "₹".
 */
export const smsAmount = (amount: Paise, language: Language): string =>
  language === 'en' ? formatRupees(amount).replace('₹', 'Rs ') : formatRupees(amount);

/** A template variable cut to what DLT operators take (smsVariableLengthMax characters), a long shop name ending in "…". */
export function smsVariable(value: string): string {
  const characters = [...value];
  return characters.length <= smsVariableLengthMax ? value : `${characters.slice(0, smsVariableLengthMax - 1).join('')}…`;
}

/** The message's variables, checked: exactly its template's, no more and none missing. */
function variablesOf<T extends SmsTemplate>(template: T, variables: Record<string, string>): Variables<T> {
  const names: readonly string[] = templateVariables[template];
  for (const name of names) assert(typeof variables[name] === 'string', `the ${template} SMS needs the variable ${name}`);
  for (const name of Object.keys(variables)) assert(names.includes(name), `the ${template} SMS has no variable ${name}`);
  return variables as Variables<T>;
}

/** The text of `message` in its language, as the recipient reads it. */
export function smsText(message: Pick<SmsMessage, 'template' | 'language' | 'variables'>): string {
  const render = texts[message.template][message.language] as (v: Record<string, string>) => string;
  return render(variablesOf(message.template, message.variables));
}

/** The OTP's text in `language` (the development log and the journeys check it). */
export const otpSmsText = (code: string, language: Language = defaultLanguage) =>
  smsText({ template: 'otp', language, variables: { otp: code } });

/** The template as it is registered on DLT: each variable written `{#var#}`. */
export function dltTemplate(template: SmsTemplate, language: Language): string {
  const placeholders = Object.fromEntries(templateVariables[template].map((name) => [name, '{#var#}']));
  return smsText({ template, language, variables: placeholders });
}
