/**
 * What Khata asks of an SMS vendor: send one message, a template with its variables in the
 * recipient's language, and say which vendor took it under which id (for its delivery
 * reports). Each vendor (development, webhook, twilio, msg91) is one SmsProvider;
 * resilient.ts wraps them with timeouts, retries and the fallback vendor.
 */
import type { Language } from '@common/languages';

/** The messages Khata sends; each is one DLT template per language (docs/operations.md, "SMS"). */
export type SmsTemplate = 'otp' | 'reminder';

/** A reminder's template variables: amounts as formatRupees writes them, the date in the customer's language. */
export interface ReminderSmsVariables { shop: string; owed: string; overdue: string; due_date: string; link: string }

export interface SmsMessage {
  /** The phone as stored: +91 and 10 digits. */
  to: string;
  language: Language;
  template: SmsTemplate;
  /** otp: { otp }; reminder: ReminderSmsVariables. Never free text. */
  variables: Record<string, string>;
}

export interface SmsSent {
  provider: string;
  /** The vendor's id of the message, which its delivery reports name; null when it gives none. */
  providerMessageId: string | null;
  /** The development provider alone hands an OTP back, for the app to show. */
  developmentOtp?: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsSent>;
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
