/**
 * QR tampering (docs/security.md, threat 6): mutated payment codes are refused at
 * validation and at payment and charge nothing; a dynamic code pays once; an expired code
 * is refused even when it was validated before it expired.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrDataLengthMax } from '@common/limits';
import { rowsOf } from '../db/client';
import { reconcile } from '../ledger/reconcile';
import { approvedBusiness, bearer, createTestContext, paymentSetup, type TestContext } from '../test/context';

let ctx: TestContext;
let setup: Awaited<ReturnType<typeof paymentSetup>>;

beforeAll(async () => {
  ctx = await createTestContext();
  setup = await paymentSetup(ctx, { limit: '50000' });
}, 120_000);
afterAll(async () => { await ctx.close(); });

const tokenAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A small deterministic generator, so a failure names a string that can be sent again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => { state = (state * 1_664_525 + 1_013_904_223) >>> 0; return state / 2 ** 32; };
  return { int: (max: number) => Math.floor(next() * max), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

const tokenOf = (qrData: string) => qrData.split('/pay/')[1]!;
const originOf = (qrData: string) => qrData.split('/pay/')[0]!;

async function ledger() {
  const [row] = rowsOf<{ transactions: number; owed: number; keys: number; paid: number }>(await ctx.database.db.execute(sql`
    select (select count(*) from transactions)::int as transactions,
           (select coalesce(sum(owed_paise), 0) from credit_accounts)::bigint as owed,
           (select count(*) from idempotency_keys)::int as keys,
           (select count(*) from qr_codes where paid_at is not null)::int as paid`));
  return { transactions: Number(row!.transactions), owed: Number(row!.owed), keys: Number(row!.keys), paid: Number(row!.paid) };
}

describe('tampered payment codes', () => {
  it('refuses 1,000 mutated codes at validation and at payment, charging nothing', async () => {
    const { customer, generate, pay } = setup;
    const own = [await generate(), await generate({ amount: '250' }), await generate({ amount: '99.99', description: 'Tea' })];
    // Another approved business where this customer has no account.
    const other = await approvedBusiness(ctx);
    const otherCodes: { qrData: string }[] = [];
    for (const payload of [{}, { amount: '10' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(other.token), payload });
      otherCodes.push(response.json() as { qrData: string });
    }
    // A paid dynamic code and an expired code of the customer's own merchant.
    const used = await generate({ amount: '5' });
    expect((await pay(used.qrData)).statusCode).toBe(201);
    const expiring = await generate({ expirationMinutes: 1 });
    const customerCode = (await ctx.app.inject({ method: 'GET', url: '/api/customer/qr', headers: bearer(customer.token) })).json().qrData as string;

    const random = seeded(6);
    const realTokens = own.map((code) => tokenOf(code.qrData));
    const origin = originOf(own[0]!.qrData);
    // Changes `count` distinct positions, so a later change cannot undo an earlier one and
    // give back the real token (which made this test flaky once).
    const changeChars = (token: string, count: number) => {
      const chars = token.split('');
      const changed = new Set<number>();
      while (changed.size < count) {
        const at = random.int(chars.length);
        if (changed.has(at)) continue;
        changed.add(at);
        let replacement = random.pick(tokenAlphabet.split(''));
        while (replacement === chars[at]) replacement = random.pick(tokenAlphabet.split(''));
        chars[at] = replacement;
      }
      const mutated = chars.join('');
      expect(realTokens).not.toContain(mutated);
      return mutated;
    };
    const families: Record<string, () => string> = {
      'changed token characters': () => {
        const token = changeChars(random.pick(realTokens), 1 + random.int(3));
        return random.int(2) ? token : `${origin}/pay/${token}`;
      },
      'flipped case': () => {
        const token = random.pick(realTokens);
        const letters = [...token].map((c, i) => [c, i] as const).filter(([c]) => /[a-z]/i.test(c));
        const [c, i] = random.pick(letters);
        const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        return `${origin}/pay/${token.slice(0, i)}${flipped}${token.slice(i + 1)}`;
      },
      "another business's code, no account there": () => {
        const token = tokenOf(random.pick(otherCodes).qrData);
        return random.pick([token, `${origin}/pay/${token}`, `https://other.example/pay/${token}`, `${origin}/pay/${token}/`, `${origin}/pay/${token}?from=scan`]);
      },
      truncated: () => {
        const full = random.pick(own).qrData;
        return random.int(2) ? full.slice(0, 1 + random.int(full.length - 1)) : random.pick(realTokens).slice(0, 1 + random.int(21));
      },
      'extended token': () => `${origin}/pay/${random.pick(realTokens)}${random.pick(tokenAlphabet.split(''))}`,
      oversized: () => {
        const full = random.pick(own).qrData;
        return random.int(2) ? `${full}?${'a'.repeat(qrDataLengthMax + random.int(500))}` : `${'x'.repeat(qrDataLengthMax + 1 + random.int(5000))}`;
      },
      'other schemes and origins': () => {
        const token = random.pick(realTokens);
        return random.pick([
          `ftp://khata.example/pay/${token}`, `javascript:alert(1)//pay/${token}`, `data:text/html,/pay/${token}`,
          `file:///pay/${token}`, `//evil.example/pay/${token}`, `khata://pay/${token}`, `https:/evil.example/pay/${token}`,
          `https://evil.example/api/pay/${token}`, `https://evil.example/paid/${token}`, `https://evil.example/PAY/${token}`,
          `https://evil.example/pay?token=${token}`, `https://evil.example#/pay/${token}`, `https://evil.example?x=/pay/${token}`,
          `https://khata.example@evil.example/pay/${token}`, `https://evil.example\\/pay/${token}`, `upi://pay?pa=${token}`,
        ]);
      },
      'path traversal': () => {
        const token = random.pick(realTokens);
        return random.pick([
          `${origin}/pay/../pay/${token}`, `${origin}/x/../pay/${token}`, `${origin}/pay/${token}/../${token}`,
          `${origin}/pay/%2e%2e/${token}`, `${origin}/pay/..%2f${token}`, `../../pay/${token}`, `/pay/${token}`,
          `${origin}/pay/${token}/..`, `${origin}//pay/${token}`, `..\\..\\pay\\${token}`,
        ]);
      },
      'percent-encoding': () => {
        const token = random.pick(realTokens);
        const at = random.int(token.length);
        const encoded = `${token.slice(0, at)}%${token.charCodeAt(at).toString(16).toUpperCase()}${token.slice(at + 1)}`;
        return random.pick([`${origin}/pay/${encoded}`, encoded, encodeURIComponent(`${origin}/pay/${token}`), `${origin}%2Fpay%2F${token}`]);
      },
      'inner whitespace': () => {
        const token = random.pick(realTokens);
        const at = 1 + random.int(token.length - 1);
        const space = random.pick([' ', '\t', '\n', '\r\n', '\u00a0', '\u200b', '\u2028', '\ufeff']);
        return random.int(2) ? `${origin}/pay/${token.slice(0, at)}${space}${token.slice(at)}` : `${origin}/pay/${space}${token}`;
      },
      JSON: () => {
        const code = random.pick(own).qrData;
        return random.pick([
          JSON.stringify({ qrData: code }), JSON.stringify({ token: tokenOf(code) }), JSON.stringify(code), JSON.stringify([code]),
          JSON.stringify({ paymentHandle: tokenOf(code), name: 'x' }),
        ]);
      },
      'a customer payment code': () => random.pick([
        customerCode, JSON.parse(customerCode).paymentHandle as string, `${origin}/pay/${JSON.parse(customerCode).paymentHandle}`,
      ]),
      'made-up tokens': () => randomBytes(16).toString('base64url'),
      'an expired code': () => random.pick([expiring.qrData, tokenOf(expiring.qrData)]),
      'a paid dynamic code': () => random.pick([used.qrData, tokenOf(used.qrData), `https://other.example/pay/${tokenOf(used.qrData)}`]),
      'hostile text': () => random.pick([
        "' or 1=1 --", `${origin}/pay/${random.pick(realTokens).slice(0, 20)}'--`, '<script>alert(1)</script>', '${7*7}',
        '%00', `${origin}/pay/${random.pick(realTokens)}%00`, '😀'.repeat(20), 'null', 'undefined', '0', '-1',
      ]),
    };

    const names = Object.keys(families);
    const mutations: { family: string; qrData: string }[] = [];
    for (let i = 0; i < 1000; i++) {
      const family = names[i % names.length]!;
      mutations.push({ family, qrData: families[family]!() });
    }
    const before = await ledger();
    const refusals = { validate: 0, payment: 0 };
    const byCode = new Map<string, number>();
    // The one-minute code has expired by now; the others live for 15 minutes.
    ctx.clock.advance(61);
    let index = 0;
    for (const { family, qrData } of mutations) {
      index += 1;
      const validated = await ctx.app.inject({
        method: 'POST', url: '/api/qr/validate', headers: bearer(customer.token), payload: { qrData },
      });
      const paid = await pay(qrData, { amount: '10', key: index % 2 ? `tamper-${index}` : undefined });
      for (const [where, response] of [['validate', validated], ['payment', paid]] as const) {
        const body = response.json() as { error?: string; code?: string };
        expect({ family, qrData: qrData.slice(0, 200), where, status: response.statusCode < 500 && response.statusCode >= 400, shape: typeof body.error === 'string' && typeof body.code === 'string' })
          .toEqual({ family, qrData: qrData.slice(0, 200), where, status: true, shape: true });
        refusals[where] += 1;
        byCode.set(body.code!, (byCode.get(body.code!) ?? 0) + 1);
      }
    }
    const after = await ledger();
    expect(after).toEqual(before);
    const report = await reconcile(ctx.database.db);
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
    expect(refusals).toEqual({ validate: 1000, payment: 1000 });
    expect(byCode.get('internal')).toBeUndefined();
    console.log(`qr tampering: ${mutations.length} mutated codes in ${names.length} families, refused ${refusals.validate} at validation `
      + `and ${refusals.payment} at payment (${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')}), `
      + `charged ${after.transactions - before.transactions}, idempotency keys kept ${after.keys - before.keys}, reconcile clean, on ${ctx.database.kind}`);
  }, 120_000);

  it('refuses a dynamic code paid once, at validation and at payment, whatever the key', async () => {
    const { generate, pay, customer } = setup;
    const code = await generate({ amount: '40' });
    const validate = () => ctx.app.inject({ method: 'POST', url: '/api/qr/validate', headers: bearer(customer.token), payload: { qrData: code.qrData } });
    expect((await validate()).statusCode).toBe(200);
    const before = await ledger();
    // Ten payments of one code at once, each with its own key: exactly one charges.
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => pay(code.qrData, { key: `once-${i}-${code.id}` })));
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const response of [await validate(), await pay(code.qrData), await pay(code.qrData, { key: `after-${code.id}` }), await pay(tokenOf(code.qrData))]) {
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 409, code: 'qr_already_used' });
    }
    const after = await ledger();
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.owed - before.owed).toBe(4000 + Math.floor((4000 * 200 + 5000) / 10000));
    expect((await reconcile(ctx.database.db)).clean).toBe(true);
    console.log('qr tampering: a dynamic code paid by 10 concurrent attempts charged once; 4 later tries refused with 409');
  });

  it('refuses an expired code at validation and at payment even when validated before expiry', async () => {
    const { generate, pay, customer } = setup;
    const validate = (qrData: string) => ctx.app.inject({ method: 'POST', url: '/api/qr/validate', headers: bearer(customer.token), payload: { qrData } });
    const dynamic = await generate({ amount: '15', expirationMinutes: 1 });
    const staticCode = await generate({ expirationMinutes: 1 });
    expect((await validate(dynamic.qrData)).statusCode).toBe(200);
    expect((await validate(staticCode.qrData)).statusCode).toBe(200);
    const before = await ledger();
    ctx.clock.advance(59.999);
    expect((await validate(dynamic.qrData)).statusCode).toBe(200);
    ctx.clock.advance(0.001);
    const refusals = [
      await validate(dynamic.qrData), await pay(dynamic.qrData), await pay(dynamic.qrData, { key: `late-${dynamic.id}` }),
      await validate(staticCode.qrData), await pay(staticCode.qrData, { amount: '10' }),
    ];
    for (const response of refusals) {
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 422, code: 'qr_expired' });
    }
    expect(await ledger()).toEqual(before);
    console.log(`qr tampering: ${refusals.length} uses of 2 codes validated before expiry refused with 422 once the clock passed it, charged 0`);
  });
});
