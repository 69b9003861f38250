/**
 * An SMS provider for tests that keeps every message handed to it, in order, and sends it on
 * through the development provider: tests read a charge's, a sign-up's or an invitation's
 * code and link from `handed`.
 */
import { developmentSmsProvider } from '../sms/development';
import type { SmsMessage, SmsProvider } from '../sms/provider';

export function recordingSmsProvider(log: (line: string) => void = () => {}): { handed: SmsMessage[]; provider: SmsProvider } {
  const handed: SmsMessage[] = [];
  const development = developmentSmsProvider(log);
  const provider: SmsProvider = {
    name: 'development',
    async send(message, options) {
      handed.push(message);
      return development.send(message, options);
    },
  };
  return { handed, provider };
}
