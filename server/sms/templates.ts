/**
 * The words of every SMS Khata sends, per message and language. Indian operators deliver only
 * texts that match a template registered on DLT, so each text here is one such template: the
 * fixed words never change and each variable stands where DLT's `{#var#}` goes
 * (docs/operations.md, "SMS"). MSG91 holds the same templates as flows and fills the variables
 * itself; Twilio and the webhook get the text made here.
 */
import { defaultLanguage, type Language } from '@common/languages';
import { assert } from '../assert';
import type { SmsMessage, SmsTemplate } from './provider';

/** Each message's variables, in the order they appear; a template uses each once. */
export const templateVariables = {
  otp: ['otp'],
  reminder: ['shop', 'owed', 'overdue', 'due_date', 'link'],
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

const texts: { [T in SmsTemplate]: Record<Language, (v: Variables<T>) => string> } = {
  otp: otpTexts,
  reminder: reminderTexts,
};

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
