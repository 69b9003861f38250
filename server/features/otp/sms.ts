/**
 * The SMS gateway, the one part of the system that is simulated. The development
 * provider logs the code and hands it back so the app can show it; only it may.
 */
export interface SmsProvider {
  readonly name: string;
  /** Sends a one-time code; the development provider returns it for display. */
  sendOtp(phone: string, code: string): Promise<{ developmentOtp?: string }>;
}

export function developmentSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'development',
    async sendOtp(phone, code) {
      log(`[sms:development] OTP for ${phone}: ${code}`);
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
    async sendOtp(phone, code) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: phone, text: `${code} is your Khata verification code. It expires in 5 minutes.` }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
      return {};
    },
  };
}
