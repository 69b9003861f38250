import { defaultLanguage, type Language } from '@common/languages';

/**
 * The SMS gateway, the one part of the system that is simulated. The development
 * provider logs the code and hands it back so the app can show it; only it may.
 */
export interface SmsProvider {
  readonly name: string;
  /**
   * Sends a one-time code in `language` (otpSmsText); the development provider returns it
   * for display.
   */
  sendOtp(phone: string, code: string, language?: Language): Promise<{ developmentOtp?: string }>;
}

/**
 * The OTP message in each language (docs/product.md#otp). The English text is the one Khata always
 * sent. Indian operators deliver only templates registered on DLT: each of these is one
 * template, `{#var#}` in place of the code (docs/operations.md, "SMS").
 */
export const otpSmsTexts: Record<Language, (code: string) => string> = {
  en: (code) => `${code} is your Khata verification code. It expires in 5 minutes.`,
  hi: (code) => `${code} आपका Khata वेरिफ़िकेशन कोड है। यह 5 मिनट तक ही चलेगा।`,
  ta: (code) => `${code} உங்கள் Khata சரிபார்ப்புக் குறியீடு. இது 5 நிமிடங்களுக்கு மட்டுமே செல்லும்.`,
};

export const otpSmsText = (code: string, language: Language = defaultLanguage) => otpSmsTexts[language](code);

export function developmentSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'development',
    async sendOtp(phone, code, language = defaultLanguage) {
      log(`[sms:development] OTP for ${phone}: ${code} (${language}) "${otpSmsText(code, language)}"`);
      return { developmentOtp: code };
    },
  };
}

/**
 * Posts `{ to, text }` as JSON to a gateway of your own (or a small adapter in front of
 * your SMS vendor). Never returns the code.
 */
export function webhookSmsProvider(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    name: 'webhook',
    async sendOtp(phone, code, language = defaultLanguage) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: phone, text: otpSmsText(code, language), language }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
      return {};
    },
  };
}
