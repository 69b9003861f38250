/**
 * The webhook provider: posts each message as JSON to a gateway of the operator's own (or a
 * small adapter in front of any SMS vendor), `{ to, text, language, template, variables }`.
 * The text is ready to send; `template` and `variables` let an adapter use its vendor's DLT
 * templates instead (an OTP's variables are `{ otp }`). A 2xx is success, a 5xx is worth
 * another try, a 4xx is not. Neither the body nor the code ever reaches an error or a log.
 */
import { vendorRefusal, vendorUnreachable, type SmsProvider } from './provider';
import { smsText } from './templates';

export function webhookSmsProvider(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    name: 'webhook',
    async send(message, options = {}) {
      const { to, language, template, variables } = message;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text: smsText(message), language, template, variables }),
          signal: options.signal,
        });
        // The gateway's answer is not ours to read; draining it frees the connection.
        await response.arrayBuffer();
      } catch (error) {
        throw vendorUnreachable('webhook', error);
      }
      if (!response.ok) throw vendorRefusal('webhook', response.status);
      return { provider: 'webhook', providerMessageId: null };
    },
  };
}
