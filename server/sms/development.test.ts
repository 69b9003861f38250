/** The development provider: the OTP line developers and journeys read, unchanged, and every other message logged beside it. */
import { describe, expect, it } from 'vitest';
import { developmentSmsProvider } from './development';

describe('the development SMS provider', () => {
  it('logs an OTP in the line it always wrote and hands the code back', async () => {
    const lines: string[] = [];
    const sent = await developmentSmsProvider((line) => lines.push(line))
      .send({ to: '+919812340001', language: 'hi', template: 'otp', variables: { otp: '482913' } });
    expect(lines).toEqual(['[sms:development] OTP for +919812340001: 482913 (hi) "482913 आपका Khata वेरिफ़िकेशन कोड है। यह 5 मिनट तक ही चलेगा।"']);
    expect(sent).toEqual({ provider: 'development', providerMessageId: expect.stringMatching(/^dev-[0-9a-f-]{36}$/), developmentOtp: '482913' });
  });

  it('logs a reminder with its text and gives each message its own id', async () => {
    const lines: string[] = [];
    const provider = developmentSmsProvider((line) => lines.push(line));
    const variables = { shop: 'Sharma Kirana', owed: '₹1,250.00', overdue: '₹0.00', due_date: '5 December 2026', link: 'http://localhost:5000/r/AbCdE12345' };
    const first = await provider.send({ to: '+919812340002', language: 'en', template: 'reminder', variables });
    const second = await provider.send({ to: '+919812340002', language: 'en', template: 'reminder', variables });
    expect(lines[0]).toBe('[sms:development] reminder for +919812340002 (en) "Sharma Kirana: ₹1,250.00 is owed on your Khata account, '
      + '₹0.00 of it overdue. Next payment due 5 December 2026. Pay or stop these SMS: http://localhost:5000/r/AbCdE12345"');
    expect(first.developmentOtp).toBeUndefined();
    expect(first.providerMessageId).not.toBe(second.providerMessageId);
  });

  it('logs a charge or sign-up code in its text alone, for the journeys to read, and hands no code back', async () => {
    const lines: string[] = [];
    const provider = developmentSmsProvider((line) => lines.push(line));
    const charge = await provider.send({
      to: '+919812340003', language: 'en', template: 'charge',
      variables: { shop: 'Sharma Kirana', amount: 'Rs 100.00', fee: 'Rs 2.00', total: 'Rs 102.00', otp: '318204' },
    });
    const enrol = await provider.send({
      to: '+919812340003', language: 'en', template: 'enrol', variables: { shop: 'Sharma Kirana', limit: 'Rs 2,000.00', otp: '550913' },
    });
    expect(lines).toEqual([
      '[sms:development] charge for +919812340003 (en) "318204 is your Khata code to approve Rs 100.00 + Rs 2.00 fee = Rs 102.00 at '
        + 'Sharma Kirana. Valid 5 minutes. The shop will ask for it; give it only to approve this purchase."',
      '[sms:development] enrol for +919812340003 (en) "550913 is your Khata code to open a credit account at Sharma Kirana with a '
        + 'limit of Rs 2,000.00, its purchases approved by SMS code. Give it to the shop only if you agree. Valid 5 minutes."',
    ]);
    expect([charge.developmentOtp, enrol.developmentOtp]).toEqual([undefined, undefined]);
  });
});
