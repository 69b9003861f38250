/**
 * Twilio Programmable Messaging, called as its REST API documents: one form-encoded
 * `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic auth
 * (Account SID and Auth Token), `To` in E.164, `Body`, `From` and/or `MessagingServiceSid`,
 * and `StatusCallback` when Khata has a public address for delivery reports. A 201 with the
 * message's `sid` is success; the sid is what the status callbacks name. Plain fetch rather
 * than the `twilio` package: this is the one call Khata makes (docs/decisions.md).
 */
import { smsText } from './templates';
import { vendorAnswer, vendorDetail, vendorRefusal, vendorUnreachable, SmsSendError, type SmsProvider } from './provider';

export interface TwilioSettings {
  /** https://api.twilio.com, or a fake's address in tests. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number or sender id; at least one of `from` and `messagingServiceSid`. */
  from?: string;
  messagingServiceSid?: string;
  /** Where Twilio posts the message's delivery statuses (`${PUBLIC_URL}/api/sms/twilio/status`). */
  statusCallbackUrl?: string;
}

/** The request's form fields, in Twilio's names. */
export function twilioMessageForm(settings: TwilioSettings, to: string, body: string): URLSearchParams {
  const form = new URLSearchParams({ To: to, Body: body });
  if (settings.from) form.set('From', settings.from);
  if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
  if (settings.statusCallbackUrl) form.set('StatusCallback', settings.statusCallbackUrl);
  return form;
}

export function twilioSmsProvider(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message, options = {}) {
      let response: Response;
      let answer: Record<string, unknown> | null;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: twilioMessageForm(settings, message.to, smsText(message)).toString(),
          signal: options.signal,
        });
        answer = await vendorAnswer(response);
      } catch (error) {
        throw vendorUnreachable('twilio', error);
      }
      if (!response.ok) {
        // Twilio's error body: { code, message, more_info, status }; its code names the reason.
        const detail = answer?.code === undefined ? undefined : `Twilio error ${vendorDetail(answer.code, message)}: ${vendorDetail(answer.message, message) ?? ''}`;
        throw vendorRefusal('twilio', response.status, detail);
      }
      if (typeof answer?.sid !== 'string' || answer.sid === '') {
        // It may have been sent: another try could send it twice.
        throw new SmsSendError(`twilio answered ${response.status} without a message sid`, false, 'twilio');
      }
      return { provider: 'twilio', providerMessageId: answer.sid };
    },
  };
}
