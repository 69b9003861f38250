/**
 * The development SMS provider: writes each message to the log instead of sending it, and
 * hands an OTP back so the app can show it. It is the only provider that ever puts a code
 * in a log; configuration refuses it in production and warns about it on a real deployment.
 */
import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './provider';
import { smsText } from './templates';

export function developmentSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'development',
    async send(message) {
      const text = smsText(message);
      const providerMessageId = `dev-${randomUUID()}`;
      if (message.template === 'otp') {
        const code = message.variables.otp!;
        log(`[sms:development] OTP for ${message.to}: ${code} (${message.language}) "${text}"`);
        return { provider: 'development', providerMessageId, developmentOtp: code };
      }
      log(`[sms:development] ${message.template} for ${message.to} (${message.language}) "${text}"`);
      return { provider: 'development', providerMessageId };
    },
  };
}
