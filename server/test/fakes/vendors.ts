/**
 * Both vendors' fakes as the SMS tests use them: Twilio first, MSG91 the fallback, with a
 * flow per template and language, and the environment that points Khata's configuration at them.
 */
import { languages } from '@common/languages';
import { msg91FlowVariable } from '../../sms/msg91';
import { smsTemplates } from '../../sms/provider';
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

/** Each template's flow in each language: MSG91_OTP_FLOW_EN is 'otp-en', MSG91_REMINDER_FLOW_HI 'reminder-hi', and so on. */
const flowIds = smsTemplates.flatMap((template) => languages.map((language) => ({
  template, id: `${template}-${language}`, variable: msg91FlowVariable(template, language),
})));

export async function startVendorFakes(): Promise<VendorFakes> {
  const twilio = await startTwilioFake({ numbers: ['+15005550006'] });
  const msg91 = await startMsg91Fake({
    senders: ['KHATAA'],
    flows: Object.fromEntries(flowIds.map(({ template, id }) => [id, templateVariables[template]])),
  });
  return {
    twilio,
    msg91,
    env: (extra = {}) => ({
      PIN_PEPPER: 'p'.repeat(40), PUBLIC_URL: 'https://khata.example.com',
      SMS_PROVIDER: 'twilio', TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      SMS_FALLBACK_PROVIDER: 'msg91', MSG91_API_URL: msg91.url, MSG91_AUTH_KEY: msg91.authKey, MSG91_SENDER: 'KHATAA',
      ...Object.fromEntries(flowIds.map(({ variable, id }) => [variable, id])),
      ...extra,
    }),
    close: async () => { await Promise.all([twilio.close(), msg91.close()]); },
  };
}
