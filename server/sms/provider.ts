/**
 * What Khata asks of an SMS vendor: send one message, a template with its variables in the
 * recipient's language, and say which vendor took it under which id (for its delivery
 * reports). Each vendor (development, webhook, twilio, msg91) is one SmsProvider;
 * resilient.ts wraps them with timeouts, retries and the fallback vendor.
 */
import type { Language } from '@common/languages';

/**
 * The messages Khata sends; each is one DLT template per language (docs/operations.md, "SMS"):
 * a sign-in code, a reminder, a shop's invitation, the codes that approve a purchase
 * (charge) or a sign-up at the counter (enrol), and a shop's invitation to work there (staff_invite).
 */
export const smsTemplates = ['otp', 'reminder', 'invite', 'charge', 'enrol', 'staff_invite'] as const;
export type SmsTemplate = typeof smsTemplates[number];

/** A reminder's template variables: amounts as formatRupees writes them, the date in the customer's language. */
export interface ReminderSmsVariables { shop: string; owed: string; overdue: string; due_date: string; link: string }

export interface SmsMessage {
  /** The phone as stored: +91 and 10 digits. */
  to: string;
  language: Language;
  template: SmsTemplate;
  /** Exactly its template's variables (templates.ts, templateVariables). Never free text. */
  variables: Record<string, string>;
}

export interface SmsSent {
  provider: string;
  /** The vendor's id of the message, which its delivery reports name; null when it gives none. */
  providerMessageId: string | null;
  /** The development provider alone hands an OTP back, for the app to show. */
  developmentOtp?: string;
}

/** How one try is bounded: resilient.ts aborts it when the try's time is up. */
export interface SmsSendOptions {
  signal?: AbortSignal;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, options?: SmsSendOptions): Promise<SmsSent>;
}

/**
 * A vendor refused or could not be reached. `retryable`: a 5xx, a timeout or a network
 * error, worth another try; a 4xx is not. The message never carries an OTP.
 */
export class SmsSendError extends Error {
  constructor(message: string, readonly retryable: boolean, readonly provider: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** A vendor's answer that was not success: a 5xx is worth another try, anything else is not. */
export function vendorRefusal(provider: string, status: number, detail?: string): SmsSendError {
  return new SmsSendError(`${provider} answered ${status}${detail ? ` (${detail})` : ''}`, status >= 500, provider);
}

/** A try that got no answer: refused connection, reset, DNS, or aborted when its time was up. */
export function vendorUnreachable(provider: string, error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const name = error instanceof Error ? error.name : 'error';
  const why = name === 'TimeoutError' || name === 'AbortError' ? 'no answer in time'
    : typeof cause?.code === 'string' ? cause.code
      : typeof cause?.message === 'string' ? cause.message.slice(0, 100) : name;
  return new SmsSendError(`${provider} could not be reached: ${why}`, true, provider);
}

/**
 * A vendor's own words about a refusal, safe to log: every variable of the message (an OTP's
 * code among them) and the phone are cut out, in case the vendor echoes what it was sent, and it is kept short.
 */
export function vendorDetail(detail: unknown, message: SmsMessage): string | undefined {
  if (typeof detail !== 'string' && typeof detail !== 'number') return undefined;
  let text = String(detail);
  const secrets = [...Object.values(message.variables), message.to, message.to.replace(/^\+/, '')];
  for (const value of secrets) if (value) text = text.split(value).join('…');
  return text.slice(0, 200);
}

/** A vendor's answer as a JSON object, or null when it is something else (an HTML error page, nothing). */
export async function vendorAnswer(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
