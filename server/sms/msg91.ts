/**
 * MSG91's Flow API, called as its documents say: `POST {apiUrl}/api/v5/flow` with the
 * `authkey` header and a JSON body naming the flow (`template_id`: the message's DLT template
 * in the recipient's language), the `sender` id, `short_url: "0"` (Khata's links are short
 * already and must stay as registered) and one recipient: `mobiles` as 91 and ten digits, each
 * template variable beside it. Khata never sends MSG91 free text: the code and every other
 * value are variables of a registered template. `{"type":"success"}` is success; its
 * `message` is the request id the delivery reports name.
 */
import type { Language } from '@common/languages';
import { vendorAnswer, vendorDetail, vendorRefusal, vendorUnreachable, SmsSendError, type SmsProvider, type SmsTemplate } from './provider';

export interface Msg91Settings {
  /** https://control.msg91.com, or a fake's address in tests. */
  apiUrl: string;
  authKey: string;
  /** The DLT-approved sender id (header), six letters. */
  sender: string;
  /** The flow (template) id of each message in each language: msg91FlowVariable names where it is set. */
  flows: Record<SmsTemplate, Record<Language, string>>;
}

/** Each message's part of its flows' variable names; the staff invitation's is short, STAFF. */
const flowVariableParts = {
  otp: 'OTP', reminder: 'REMINDER', invite: 'INVITE', charge: 'CHARGE', enrol: 'ENROL', staff_invite: 'STAFF',
} as const satisfies Record<SmsTemplate, string>;

/** The variable that holds a message's flow id in a language: MSG91_<MESSAGE>_FLOW_<EN|HI|TA>, e.g. MSG91_STAFF_FLOW_HI. */
export const msg91FlowVariable = (template: SmsTemplate, language: Language): string =>
  `MSG91_${flowVariableParts[template]}_FLOW_${language.toUpperCase()}`;

/** '+91XXXXXXXXXX' as stored → '91XXXXXXXXXX' as MSG91 takes it. */
function msg91Mobile(to: string): string {
  if (!/^\+91\d{10}$/.test(to)) throw new SmsSendError('msg91 sends to Indian mobile numbers only (+91 and 10 digits)', false, 'msg91');
  return to.slice(1);
}

export function msg91SmsProvider(settings: Msg91Settings, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/api/v5/flow`;
  return {
    name: 'msg91',
    async send(message, options = {}) {
      const body = {
        template_id: settings.flows[message.template][message.language],
        sender: settings.sender,
        short_url: '0',
        recipients: [{ ...message.variables, mobiles: msg91Mobile(message.to) }],
      };
      let response: Response;
      let answer: Record<string, unknown> | null;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: options.signal,
        });
        answer = await vendorAnswer(response);
      } catch (error) {
        throw vendorUnreachable('msg91', error);
      }
      const detail = vendorDetail(answer?.message, message);
      if (!response.ok) throw vendorRefusal('msg91', response.status, detail);
      if (answer?.type !== 'success') {
        // MSG91 may answer a refusal with 200 and {"type":"error"}: it took nothing, and the same request would fail again.
        throw new SmsSendError(`msg91 refused the message${detail ? ` (${detail})` : ''}`, false, 'msg91');
      }
      return { provider: 'msg91', providerMessageId: typeof answer.message === 'string' && answer.message ? answer.message : null };
    },
  };
}
