/**
 * Both vendors' fakes as the SMS tests use them: Twilio first, MSG91 the fallback, with the
 * six flows of our templates, and the environment that points Khata's configuration at them.
 */
import { templateVariables } from '../../sms/templates';
import { startMsg91Fake, type Msg91Fake } from './msg91';
import { startTwilioFake, type TwilioFake } from './twilio';

export interface VendorFakes {
  twilio: TwilioFake;
  msg91: Msg91Fake;
  /** SMS_PROVIDER=twilio with SMS_FALLBACK_PROVIDER=msg91, every variable set; `extra` adds or overrides. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startVendorFakes(): Promise<VendorFakes> {
  const twilio = await startTwilioFake({ numbers: ['+15005550006'] });
  const msg91 = await startMsg91Fake({
    senders: ['KHATAA'],
    flows: {
      'otp-en': templateVariables.otp, 'otp-hi': templateVariables.otp, 'otp-ta': templateVariables.otp,
      'rem-en': templateVariables.reminder, 'rem-hi': templateVariables.reminder, 'rem-ta': templateVariables.reminder,
    },
  });
  return {
    twilio,
    msg91,
    env: (extra = {}) => ({
      PIN_PEPPER: 'p'.repeat(40), PUBLIC_URL: 'https://khata.example.com',
      SMS_PROVIDER: 'twilio', TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      SMS_FALLBACK_PROVIDER: 'msg91', MSG91_API_URL: msg91.url, MSG91_AUTH_KEY: msg91.authKey, MSG91_SENDER: 'KHATAA',
      MSG91_OTP_FLOW_EN: 'otp-en', MSG91_OTP_FLOW_HI: 'otp-hi', MSG91_OTP_FLOW_TA: 'otp-ta',
      MSG91_REMINDER_FLOW_EN: 'rem-en', MSG91_REMINDER_FLOW_HI: 'rem-hi', MSG91_REMINDER_FLOW_TA: 'rem-ta',
      ...extra,
    }),
    close: async () => { await Promise.all([twilio.close(), msg91.close()]); },
  };
}
