/**
 * The reminder a merchant sends a customer by WhatsApp or SMS (docs/product.md#dues-and-reminders),
 * in the customer's language, as otp/sms.ts keeps the OTP's texts: one polite template per language
 * and per case (the next payment due on a date to come, or overdue), with the shop, all that is
 * owed, the next due date and the link. Only part of what is owed may be due on that date, so the
 * texts never say the whole amount is due then.
 */
import { defaultLanguage, type Language } from '@common/languages';
import { formatRupees, type Paise } from '@common/money';
import { indiaDayStart } from '../../india-days';

export interface ReminderFacts {
  shopName: string;
  owedPaise: Paise;
  /** The next due date, YYYY-MM-DD (India). */
  dueOn: string;
  /** The due date is before today. */
  overdue: boolean;
  link: string;
}

interface Words { shop: string; amount: string; date: string; link: string }

const templates: Record<Language, { due: (w: Words) => string; overdue: (w: Words) => string }> = {
  en: {
    due: (w) => `Hello from ${w.shop}. A gentle reminder: ${w.amount} is owed on your Khata account, `
      + `and the next payment is due on ${w.date}. See your account and pay here: ${w.link} Thank you!`,
    overdue: (w) => `Hello from ${w.shop}. A gentle reminder: ${w.amount} is owed on your Khata account, `
      + `and the payment due on ${w.date} is now overdue. Please pay when you can: ${w.link} Thank you!`,
  },
  hi: {
    due: (w) => `नमस्ते, ${w.shop} की ओर से एक विनम्र याद: आपके Khata खाते पर ${w.amount} बकाया है, `
      + `और अगला भुगतान ${w.date} तक करना है। अपना खाता देखें और भुगतान करें: ${w.link} धन्यवाद!`,
    overdue: (w) => `नमस्ते, ${w.shop} की ओर से एक विनम्र याद: आपके Khata खाते पर ${w.amount} बकाया है, `
      + `और ${w.date} को चुकाने की तारीख निकल चुकी है। कृपया सुविधा से भुगतान करें: ${w.link} धन्यवाद!`,
  },
  ta: {
    due: (w) => `வணக்கம், ${w.shop} அனுப்பும் அன்பான நினைவூட்டல்: உங்கள் Khata கணக்கில் ${w.amount} நிலுவையில் உள்ளது; `
      + `அடுத்த தவணையை ${w.date} க்குள் செலுத்த வேண்டும். உங்கள் கணக்கைப் பார்த்துச் செலுத்த: ${w.link} நன்றி!`,
    overdue: (w) => `வணக்கம், ${w.shop} அனுப்பும் அன்பான நினைவூட்டல்: உங்கள் Khata கணக்கில் ${w.amount} நிலுவையில் உள்ளது; `
      + `${w.date} அன்று செலுத்த வேண்டிய தொகையின் கெடு கடந்துவிட்டது. வசதிப்படும்போது தயவுசெய்து செலுத்துங்கள்: ${w.link} நன்றி!`,
  },
};

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }),
  hi: new Intl.DateTimeFormat('hi-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }),
  ta: new Intl.DateTimeFormat('ta-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }),
};

/** An India day as a person reads it in `language`: '2026-12-01' is "1 December 2026" in English. */
export const formatDueDate = (day: string, language: Language): string => dateFormats[language].format(indiaDayStart(day));

export function reminderText(facts: ReminderFacts, language: Language = defaultLanguage): string {
  const words = {
    shop: facts.shopName, amount: formatRupees(facts.owedPaise), date: formatDueDate(facts.dueOn, language), link: facts.link,
  };
  const template = templates[language];
  return facts.overdue ? template.overdue(words) : template.due(words);
}

/** The 10 digits after +91 of a stored Indian mobile number. */
const tenDigits = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

export const whatsappUrl = (phone: string, text: string) => `https://wa.me/91${tenDigits(phone)}?text=${encodeURIComponent(text)}`;
export const smsUrl = (phone: string, text: string) => `sms:+91${tenDigits(phone)}?body=${encodeURIComponent(text)}`;
