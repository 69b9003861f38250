/**
 * The SMS provider the configuration asks for: the development provider as it is, or the
 * real vendor (SMS_PROVIDER) wrapped with timeouts, retries and the fallback vendor
 * (SMS_FALLBACK_PROVIDER) by resilient.ts.
 */
import type { Config, SmsVendorSettings } from '../config';
import { developmentSmsProvider } from './development';
import { msg91SmsProvider } from './msg91';
import type { SmsProvider } from './provider';
import { resilientSmsProvider, type ResilientOptions } from './resilient';
import { twilioSmsProvider } from './twilio';
import { webhookSmsProvider } from './webhook';

export function vendorProvider(settings: SmsVendorSettings, fetchImpl: typeof fetch = fetch): SmsProvider {
  switch (settings.vendor) {
    case 'development':
      return developmentSmsProvider();
    case 'webhook':
      return webhookSmsProvider(settings.url, fetchImpl);
    case 'twilio':
      return twilioSmsProvider(settings, fetchImpl);
    case 'msg91':
      return msg91SmsProvider(settings, fetchImpl);
  }
}

export function providerFromConfig(
  config: Pick<Config, 'sms'>,
  options: Omit<ResilientOptions, 'primary' | 'fallback'> & { fetch?: typeof fetch } = {},
): SmsProvider {
  const { fetch: fetchImpl = fetch, ...resilience } = options;
  const { primary, fallback } = config.sms;
  if (primary.vendor === 'development') return vendorProvider(primary);
  return resilientSmsProvider({
    ...resilience,
    primary: vendorProvider(primary, fetchImpl),
    fallback: fallback && vendorProvider(fallback, fetchImpl),
  });
}
