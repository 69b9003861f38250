/**
 * `npm run demo`'s data: two months of a Pune neighbourhood's shopping on credit, written into
 * an empty database so a first session finds every screen filled (docs/operations.md, "Try it
 * with demo data"). Nothing is inserted by hand: the people register, are approved, open
 * accounts, pay with their PINs and pay back through the app's own HTTP API (app.inject), on
 * a clock the demo moves forward, so each row is written by the service and the ledger
 * function that writes it in use, at the time it would have had.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  AdminAnalytics, AdminStats, BusinessCreditAccount, BusinessStats, RepaymentClaim, ToCollect, TransactionView,
} from '@common/api/types';
import { feeBasisPointsDefault, staffDefaultLimitsPaise } from '@common/limits';
import {
  feeFor, formatRupees, paise, parsePercent, parseRupees, toWireAmount, type BasisPoints, type Paise,
} from '@common/money';
import { isWeakPin } from '@common/weak-pins';
import { buildApp, type AppConfig, type KhataApp } from '../app';
import { assert } from '../assert';
import { demoAdminEmail } from '../config';
import { rowsOf, type Db } from '../db/client';
import { addDays, indiaDay, indiaDayStart, indiaHour } from '../india-days';
import { developmentSmsProvider } from '../sms/development';
import {
  demoCashier, demoCustomers, demoShops, type Basket, type DemoAccount, type DemoCustomer, type DemoShop,
} from './demo-cast';

/** The demo's span: its first day is this many India days before today. */
export const demoDaysBack = 61;

/** Why the demo will not write: the database has people in it. */
export class DemoRefusedError extends Error {}

export interface DemoSignIn { name: string; pin: string; email?: string; mobileNumber?: string }

export interface DemoReport {
  /** The India days the demo covers, first and last (today). */
  from: string;
  to: string;
  signIns: {
    admin: DemoSignIn;
    shop: DemoSignIn & { businessName: string };
    secondShop: DemoSignIn & { businessName: string };
    cashier: DemoSignIn & { businessName: string };
    customers: DemoSignIn[];
  };
  figures: {
    shops: { approved: number; pending: number };
    customers: number;
    creditAccounts: number;
    payments: number;
    /** Rupees, as the wire writes them. */
    paymentVolume: string;
    repayments: number;
    claims: { confirmed: number; declined: number; pending: number };
    refunds: number;
    reminders: number;
    /** The main shop's "To collect" card and dashboard figures, as its owner reads them at the end. */
    shop: { overdue: string; overdueCustomers: number; totalRevenue: string; creditIssued: string; transactions: number;
      thisMonth: { revenue: string; transactions: number }; lastMonth: { revenue: string; transactions: number } };
    /** The admin's Analytics for the last 30 days. */
    analytics30Days: { payments: number; volume: string; fees: string; daysWithPayments: number };
  };
}

/**
 * Whether anyone but an admin has an account: the demo writes only into a database with no
 * shop, staff or customer. An admin alone is what a first `npm start` leaves (its demo admin),
 * and the demo takes that admin over with a new PIN.
 */
export async function hasPeople(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from users where role <> 'admin') as found`));
  return row?.found ?? false;
}

// ---------------------------------------------------------------------------------------
// Chance, made repeatable: the same seed gives the same neighbourhood (PINs aside).

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chances(random: () => number) {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    between,
    chance: (probability: number) => random() < probability,
    weighted<T extends { weight: number }>(items: readonly T[]): T {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let left = random() * total;
      for (const item of items) {
        left -= item.weight;
        if (left < 0) return item;
      }
      return items.at(-1)!;
    },
    /** A mobile number as Indian operators give them: +91, then 6 to 9, then nine digits. */
    mobileNumber: () => `${between(6, 9)}${String(between(0, 999_999_999)).padStart(9, '0')}`,
    upiReference: () => `${between(3, 6)}${String(between(0, 99_999_999_999)).padStart(11, '0')}`,
  };
}

/** A PIN nobody else knows, and not one of the weak ones the app refuses. */
function newPin(): string {
  for (;;) {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!isWeakPin(pin)) return pin;
  }
}

/** The demo's clock: it only moves forward, at least a second per step, so no two rows share a time. */
function movedClock(start: Date) {
  let nowMs = start.getTime();
  const clock = () => new Date(nowMs);
  return Object.assign(clock, {
    moveTo(at: Date) { nowMs = Math.max(at.getTime(), nowMs + 1000); },
    advance(seconds: number) { nowMs += seconds * 1000; },
  });
}

// ---------------------------------------------------------------------------------------
// The people, signed in as the app signs them in.

type Role = 'customer' | 'business' | 'admin' | 'staff';

interface Person {
  role: Role;
  name: string;
  pin: string;
  email?: string;
  /** +91 and ten digits. */
  phoneNumber?: string;
  token?: string;
  device?: string;
  signedInAtMs: number;
  usedAtMs: number;
}

/** A session is used again only well inside its idle and absolute lifetimes; otherwise the person signs in again. */
const sessionReuseMs = { idle: 5 * 24 * 3600 * 1000, absolute: 25 * 24 * 3600 * 1000 };

interface Call { token?: string; body?: unknown; cookies?: Record<string, string>; headers?: Record<string, string> }

function demoApi(app: KhataApp, clock: () => Date) {
  async function call<T>(method: 'GET' | 'POST', url: string, options: Call = {}) {
    const response = await app.inject({
      method, url, payload: options.body as object | undefined, cookies: options.cookies,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });
    // A refusal here is a bug in the demo: it only does what the app allows.
    if (response.statusCode >= 300) throw new Error(`demo: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
    const cookie = (name: string) => response.cookies.find((one) => one.name === name)?.value;
    return { json: response.json() as T, cookie };
  }

  async function signIn(person: Person): Promise<void> {
    const credentials = person.email ? { email: person.email, pin: person.pin } : { phoneNumber: person.phoneNumber, pin: person.pin };
    const signedIn = await call<{ sessionToken: string }>('POST', `/api/auth/${person.role}/login`, {
      body: credentials, cookies: person.device ? { device: person.device } : undefined,
    });
    started(person, signedIn.json.sessionToken, signedIn.cookie('device'));
  }

  function started(person: Person, token: string, device: string | undefined) {
    person.token = token;
    person.device = device ?? person.device;
    person.signedInAtMs = clock().getTime();
    person.usedAtMs = person.signedInAtMs;
  }

  /** The person's session token, signing in again when the last session is old. */
  async function tokenOf(person: Person): Promise<string> {
    const nowMs = clock().getTime();
    if (!person.token || nowMs - person.usedAtMs > sessionReuseMs.idle || nowMs - person.signedInAtMs > sessionReuseMs.absolute) {
      await signIn(person);
    }
    person.usedAtMs = nowMs;
    return person.token!;
  }

  const as = async <T>(person: Person, method: 'GET' | 'POST', url: string, options: Omit<Call, 'token'> = {}) =>
    (await call<T>(method, url, { ...options, token: await tokenOf(person) })).json;

  /** A phone proved by the one-time code the development provider hands back: the proof cookie. */
  async function provePhone(phoneNumber: string, purpose: 'registration' | 'staff_invitation'): Promise<string> {
    const sent = await call<{ developmentOtp?: string }>('POST', '/api/otp/send', { body: { phoneNumber, purpose } });
    assert(sent.json.developmentOtp, 'the development SMS provider hands the code back');
    const verified = await call('POST', '/api/otp/verify', { body: { phoneNumber, otp: sent.json.developmentOtp, purpose } });
    const proof = verified.cookie('otp_proof');
    assert(proof, 'a verified phone gets its proof');
    return proof;
  }

  return { call, as, started, provePhone };
}

// ---------------------------------------------------------------------------------------
// The demo.

interface ShopState {
  cast: DemoShop;
  owner: Person;
  businessId: string;
  feeBasisPoints: BasisPoints;
  /** The cashier records cash repayments in the mornings, within the role's limits. */
  cashier?: Person & { repaidTodayPaise: number; day: string };
}

interface AccountState {
  id: string;
  shop: ShopState;
  customer: Person;
  cast: DemoAccount;
  limitPaise: Paise;
  owedPaise: Paise;
  /** UPI claims the shop has not answered yet. */
  claimedPaise: Paise;
}

interface Planned { atMs: number; order: number; run: () => Promise<void> }

export interface DemoOptions {
  db: Db;
  /** The server's configuration (its PIN pepper above all: the PINs must work when the app starts). */
  config: AppConfig;
  /** The demo's last moment; the real time by default. */
  now?: Date;
  seed?: number;
}

export async function seedDemo({ db, config, now = new Date(), seed = 20_261_128 }: DemoOptions): Promise<DemoReport> {
  if (await hasPeople(db)) throw new DemoRefusedError('the database already has shops or customers in it');
  const chance = chances(seededRandom(seed));
  const endMs = now.getTime();
  const today = indiaDay(now);
  const firstDay = addDays(today, -demoDaysBack);
  /** The moment `hour:minute` India time on the demo's day `day` (0 is the first). */
  const at = (day: number, hour: number, minute: number) =>
    new Date(indiaDayStart(addDays(firstDay, day)).getTime() + (hour * 60 + minute) * 60_000);
  const clock = movedClock(at(0, 9, 0));
  const app = await buildApp({
    db,
    // One process signs in everyone from one address: no request limits.
    config: { ...config, isProduction: false, rateLimitPerMinute: 0, sessionRateLimitPerMinute: 0, eventStreamSeconds: 0 },
    // Made-up people get no real SMS, whatever vendor the deployment names.
    sms: developmentSmsProvider(() => {}),
    clock,
  });
  try {
    return await play();
  } finally {
    await app.close();
  }

  async function play(): Promise<DemoReport> {
    const api = demoApi(app, clock);
    const tally = { payments: 0, volumePaise: 0, repayments: 0, confirmed: 0, declined: 0, refunds: 0, reminders: 0 };
    const usedPhones = new Set<string>();
    const usedReferences = new Set<string>();
    const freshPhone = () => {
      for (;;) {
        const mobile = chance.mobileNumber();
        if (!usedPhones.has(mobile)) {
          usedPhones.add(mobile);
          return `+91${mobile}`;
        }
      }
    };
    const freshReference = () => {
      for (;;) {
        const reference = chance.upiReference();
        if (!usedReferences.has(reference)) {
          usedReferences.add(reference);
          return reference;
        }
      }
    };
    const person = (role: Role, name: string, login: { email?: string; phoneNumber?: string }): Person =>
      ({ role, name, pin: newPin(), ...login, signedInAtMs: 0, usedAtMs: 0 });

    // The events, played in time order; an event may plan later ones (a claim's answer).
    const queue: Planned[] = [];
    let planned = 0;
    const plan = (when: Date, run: () => Promise<void>) => {
      if (when.getTime() < endMs - 60_000) queue.push({ atMs: when.getTime(), order: planned++, run });
    };
    const randomTime = (day: number, windows: readonly { from: number; to: number; weight: number }[]) => {
      const window = chance.weighted(windows);
      const minute = chance.between(Math.round(window.from * 60), Math.round(window.to * 60) - 1);
      return at(day, Math.floor(minute / 60), minute % 60);
    };
    // Most shopping is before work and after it; paying back, in the evening.
    const shoppingHours = [
      { from: 7.5, to: 10.5, weight: 4 }, { from: 10.5, to: 13, weight: 2 }, { from: 13, to: 17, weight: 1.5 }, { from: 17, to: 21.5, weight: 4.5 },
    ] as const;
    const repayingHours = [{ from: 9, to: 12, weight: 2 }, { from: 17.5, to: 21, weight: 5 }] as const;

    // --- The admin, and the shops' applications and approvals.
    const admin = person('admin', 'Demo Admin', { email: demoAdminEmail });
    // Admins cannot register: one is made as `npm run admin` makes it.
    await app.services.auth.ensureAdmin(admin.email!, admin.pin, admin.name);

    const shops = new Map<DemoShop['key'], ShopState>();
    async function registerShop(cast: DemoShop): Promise<ShopState> {
      const owner = person('business', cast.ownerName, { email: cast.email, phoneNumber: freshPhone() });
      const proof = await api.provePhone(owner.phoneNumber!, 'registration');
      clock.advance(chance.between(60, 180));
      const registered = await api.call<{ sessionToken: string }>('POST', '/api/auth/business/register', {
        cookies: { otp_proof: proof },
        body: {
          phoneNumber: owner.phoneNumber, name: cast.ownerName, businessName: cast.businessName, businessType: cast.businessType,
          email: cast.email, address: cast.address, pin: owner.pin,
        },
      });
      api.started(owner, registered.json.sessionToken, registered.cookie('device'));
      const me = await api.as<{ business: { id: string } }>(owner, 'GET', '/api/auth/me');
      const shop: ShopState = {
        cast, owner, businessId: me.business.id,
        feeBasisPoints: cast.feePercent === null ? feeBasisPointsDefault : parsePercent(cast.feePercent)!,
      };
      shops.set(cast.key, shop);
      return shop;
    }
    async function approve(shop: ShopState): Promise<void> {
      await api.as(admin, 'POST', '/api/admin/businesses/approve', {
        body: {
          businessIds: [shop.businessId], action: 'approve', notes: 'Shop visited; documents in order.',
          ...(shop.cast.feePercent === null ? {} : { transactionFeePercent: shop.cast.feePercent }),
          ...(shop.cast.maxCreditLimit === null ? {} : { maxCreditLimit: shop.cast.maxCreditLimit }),
        },
      });
      // The credit period and the UPI ID are the owner's, after typing the PIN again.
      clock.advance(chance.between(600, 1800));
      await api.as(shop.owner, 'POST', '/api/auth/confirm-pin', { body: { pin: shop.owner.pin } });
      clock.advance(40);
      await api.as(shop.owner, 'POST', '/api/business/settings', {
        body: { creditPeriodDays: shop.cast.creditPeriodDays, upiId: shop.cast.upiId },
      });
    }
    async function hireCashier(shop: ShopState): Promise<void> {
      const cashier = { ...person('staff', demoCashier.name, { phoneNumber: freshPhone() }), repaidTodayPaise: 0, day: '' };
      const invited = await api.as<{ invitation: { id: string } }>(shop.owner, 'POST', '/api/business/staff/invitations', {
        body: { phoneNumber: cashier.phoneNumber, name: cashier.name, role: 'cashier', language: 'en' },
      });
      clock.advance(chance.between(1800, 5400));
      const proof = await api.provePhone(cashier.phoneNumber!, 'staff_invitation');
      const accepted = await api.call<{ sessionToken: string }>('POST', `/api/staff/invitations/${invited.invitation.id}/accept`, {
        cookies: { otp_proof: proof }, body: { pin: cashier.pin, confirmPin: cashier.pin },
      });
      api.started(cashier, accepted.json.sessionToken, accepted.cookie('device'));
      shop.cashier = cashier;
    }

    plan(at(0, 10, 15), async () => { await registerShop(demoShops.kirana); });
    plan(at(0, 13, 5), async () => { await approve(shops.get('kirana')!); });
    plan(at(0, 14, 10), async () => { await hireCashier(shops.get('kirana')!); });
    plan(at(18, 11, 0), async () => { await registerShop(demoShops.pharmacy); });
    plan(at(19, 10, 30), async () => { await approve(shops.get('pharmacy')!); });
    // A third application waits for the admin, so Business Approvals has one to review.
    plan(at(demoDaysBack - 2, 15, 40), async () => { await registerShop(demoShops.hardware); });

    // --- Customers: they sign up, and the shop opens their account by their payment handle.
    const accounts: AccountState[] = [];
    const customers = new Map<string, Person & { paymentHandle?: string }>();
    const accountOf = (name: string, shop: DemoShop['key']) => accounts.find((one) => one.customer.name === name && one.shop.cast.key === shop);

    for (const cast of demoCustomers) {
      const customer: Person & { paymentHandle?: string } = person('customer', cast.name, { phoneNumber: freshPhone() });
      customers.set(cast.name, customer);
      const joinsAt = randomTime(cast.joinsOnDay, [{ from: 15, to: 19.5, weight: 1 }]);
      plan(joinsAt, async () => { await registerCustomer(cast, customer); });
      for (const account of cast.accounts) {
        const opensOn = account.opensOnDay ?? cast.joinsOnDay;
        const opensAt = opensOn === cast.joinsOnDay ? new Date(joinsAt.getTime() + chance.between(3, 9) * 60_000) : at(opensOn, 12, chance.between(0, 59));
        plan(opensAt, async () => { await openAccount(customer, account); });
        planShopping(customer, account, opensOn);
        planRepaying(customer, account, opensOn);
      }
    }

    async function registerCustomer(cast: DemoCustomer, customer: Person & { paymentHandle?: string }): Promise<void> {
      const proof = await api.provePhone(customer.phoneNumber!, 'registration');
      clock.advance(chance.between(40, 120));
      const registered = await api.call<{ sessionToken: string }>('POST', '/api/auth/customer/register', {
        cookies: { otp_proof: proof }, body: { phoneNumber: customer.phoneNumber, name: cast.name, pin: customer.pin },
      });
      api.started(customer, registered.json.sessionToken, registered.cookie('device'));
      if (cast.language !== 'en') await api.as(customer, 'POST', '/api/auth/language', { body: { language: cast.language } });
      customer.paymentHandle = (await api.as<{ paymentHandle: string }>(customer, 'GET', '/api/customer/qr')).paymentHandle;
    }

    async function openAccount(customer: Person & { paymentHandle?: string }, cast: DemoAccount): Promise<void> {
      const shop = shops.get(cast.shop)!;
      const created = await api.as<{ creditAccount: BusinessCreditAccount }>(shop.owner, 'POST', '/api/business/create-credit-account', {
        body: { paymentHandle: customer.paymentHandle, creditLimit: toWireAmount(paise(cast.limitRupees * 100)) },
      });
      accounts.push({
        id: created.creditAccount.id, shop, customer, cast, limitPaise: paise(cast.limitRupees * 100), owedPaise: paise(0),
        claimedPaise: paise(0),
      });
    }

    function planShopping(customer: Person, cast: DemoAccount, opensOn: number): void {
      const perDay = cast.visitsPerWeek / 7;
      for (let day = opensOn + 1; day <= demoDaysBack; day += 1) {
        const visits = (chance.chance(perDay) ? 1 : 0) + (perDay > 0.4 && chance.chance(perDay / 4) ? 1 : 0);
        for (let visit = 0; visit < visits; visit += 1) {
          const basket = chance.weighted(demoShops[cast.shop].baskets);
          const rupees = chance.between(basket.rupeesMin, basket.rupeesMax);
          const amountPaise = paise(rupees * 100 + (chance.chance(0.15) ? 50 : 0));
          plan(randomTime(day, shoppingHours), async () => { await buy(customer.name, cast.shop, basket, amountPaise); });
        }
      }
    }

    /** A purchase on credit: the shop makes a code for the bill, the customer pays it with their PIN. */
    async function buy(name: string, shopKey: DemoShop['key'], basket: Basket, wantedPaise: Paise): Promise<TransactionView | null> {
      const account = accountOf(name, shopKey);
      if (!account) return null;
      const { shop } = account;
      // At the limit the shop gives what the credit left allows, or nothing: a real shop would not sell on credit.
      const leftPaise = account.limitPaise - account.owedPaise;
      let amountPaise = wantedPaise;
      if (amountPaise + feeFor(amountPaise, shop.feeBasisPoints) > leftPaise) {
        amountPaise = paise(Math.floor((leftPaise * 10_000) / (10_000 + shop.feeBasisPoints) / 100) * 100 - 100);
        if (amountPaise < 50_00) return null;
      }
      const code = await api.as<{ qrData: string }>(shop.owner, 'POST', '/api/qr/generate', {
        body: { amount: toWireAmount(amountPaise), description: basket.description, expirationMinutes: 10 },
      });
      clock.advance(chance.between(15, 75));
      const paid = await api.as<{ transaction: TransactionView }>(account.customer, 'POST', '/api/payments/process', {
        headers: { 'idempotency-key': randomUUID() }, body: { qrData: code.qrData, pin: account.customer.pin },
      });
      const { transaction } = paid;
      account.owedPaise = paise(account.owedPaise + parseRupees(transaction.totalAmount)!);
      tally.payments += 1;
      tally.volumePaise += amountPaise;
      return transaction;
    }

    function planRepaying(customer: Person, cast: DemoAccount, opensOn: number): void {
      const every = { cash: [5, 9], upi: [7, 11], fortnightly: [14, 16], slow: [17, 26], not_yet: null }[cast.repay];
      if (!every) return;
      for (let day = opensOn + chance.between(every[0]!, every[1]!); day <= demoDaysBack; day += chance.between(every[0]!, every[1]!)) {
        const byUpi = cast.repay === 'upi' || (cast.repay === 'fortnightly' && chance.chance(0.5));
        const part = cast.repay === 'slow' ? 0.3 + chance.random() * 0.2 : 1;
        plan(randomTime(day, repayingHours), async () => {
          const account = accountOf(customer.name, cast.shop);
          if (!account) return;
          const duePaise = account.owedPaise - account.claimedPaise;
          // A part is paid in round hundreds, as people count out notes.
          const amountPaise = paise(part === 1 ? duePaise : Math.min(duePaise, Math.max(200_00, Math.round((duePaise * part) / 100_00) * 100_00)));
          if (amountPaise <= 0) return;
          if (byUpi) await claim(account, amountPaise, 'confirm');
          else await repayCash(account, amountPaise);
        });
      }
    }

    /** Cash at the counter: the cashier takes it in the mornings when it is within their limits, the owner otherwise. */
    async function repayCash(account: AccountState, amountPaise: Paise): Promise<void> {
      const { cashier } = account.shop;
      const hour = indiaHour(clock());
      const day = indiaDay(clock());
      if (cashier && cashier.day !== day) Object.assign(cashier, { day, repaidTodayPaise: 0 });
      const byCashier = cashier !== undefined && hour >= 9 && hour < 14 && amountPaise <= staffDefaultLimitsPaise.cashier.single
        && cashier.repaidTodayPaise + amountPaise <= staffDefaultLimitsPaise.cashier.daily;
      if (byCashier) cashier.repaidTodayPaise += amountPaise;
      const repaid = await api.as<{ creditAccount: BusinessCreditAccount }>(
        byCashier ? cashier : account.shop.owner, 'POST', `/api/business/credit-accounts/${account.id}/repayment`,
        { body: { amount: toWireAmount(amountPaise) } },
      );
      account.owedPaise = parseRupees(repaid.creditAccount.owed)!;
      tally.repayments += 1;
    }

    /**
     * A UPI repayment claimed by the customer; the shop confirms it a few hours later in
     * shop hours (or declines it), unless the demo ends first, which leaves it pending.
     */
    async function claim(account: AccountState, amountPaise: Paise, answer: 'confirm' | 'decline' | 'none'): Promise<void> {
      const made = await api.as<{ claim: RepaymentClaim }>(account.customer, 'POST', `/api/credit-accounts/${account.id}/repayment-claims`, {
        body: { amount: toWireAmount(amountPaise), upiReference: freshReference() },
      });
      account.claimedPaise = paise(account.claimedPaise + amountPaise);
      if (answer === 'none') return;
      const claimedAt = clock();
      let answerAt = new Date(claimedAt.getTime() + chance.between(45, 300) * 60_000);
      if (indiaDay(answerAt) !== indiaDay(claimedAt) || answerAt.getTime() >= indiaDayStart(indiaDay(claimedAt)).getTime() + 21 * 3600_000) {
        answerAt = new Date(indiaDayStart(addDays(indiaDay(claimedAt), 1)).getTime() + (9 * 60 + chance.between(30, 90)) * 60_000);
      }
      plan(answerAt, async () => {
        account.claimedPaise = paise(account.claimedPaise - amountPaise);
        if (answer === 'decline') {
          await api.as(account.shop.owner, 'POST', `/api/business/repayment-claims/${made.claim.id}/decline`, {
            body: { reason: 'No payment with this UPI reference reached our account. Please check with your bank.' },
          });
          tally.declined += 1;
          return;
        }
        // A refund since may have left less owed than was claimed: the shop confirms what is owed.
        const confirmPaise = Math.min(amountPaise, account.owedPaise);
        if (confirmPaise <= 0) return;
        const confirmed = await api.as<{ creditAccount: BusinessCreditAccount }>(
          account.shop.owner, 'POST', `/api/business/repayment-claims/${made.claim.id}/confirm`,
          { body: confirmPaise < amountPaise ? { amount: toWireAmount(paise(confirmPaise)) } : {} },
        );
        account.owedPaise = parseRupees(confirmed.creditAccount.owed)!;
        tally.confirmed += 1;
        tally.repayments += 1;
      });
    }

    // --- What a shop's two months also hold: a declined claim, a refund, reminders.
    plan(at(38, 11, 10), async () => {
      const account = accountOf('Mohammed Iqbal', 'kirana');
      const duePaise = account ? account.owedPaise - account.claimedPaise : 0;
      if (!account || duePaise < 500_00) return;
      const amountPaise = paise(Math.min(1500_00, Math.floor(duePaise / 100_00) * 100_00));
      await claim(account, amountPaise, 'decline');
      // The next morning he pays the same in cash.
      plan(at(39, 10, 20), async () => {
        if (account.owedPaise >= amountPaise) await repayCash(account, amountPaise);
      });
    });
    // Priya's first bill at the chemist: not paid back yet, so it is overdue on her side.
    plan(at(21, 11, 20), async () => {
      await buy('Priya Nair', 'pharmacy', demoShops.pharmacy.baskets[1]!, paise(468_00));
    });
    // A packet of oil Anjali bought turns out damaged: the shop refunds it the same evening.
    plan(at(44, 18, 35), async () => {
      const oil = demoShops.kirana.baskets.find((basket) => basket.description === 'Oil and spices')!;
      const payment = await buy('Anjali Deshmukh', 'kirana', oil, paise(612_00));
      if (!payment) return;
      plan(at(44, 19, 10), async () => {
        const account = accountOf('Anjali Deshmukh', 'kirana')!;
        const refunded = await api.as<{ creditAccount: BusinessCreditAccount }>(
          account.shop.owner, 'POST', `/api/business/transactions/${payment.id}/refund`, {
            headers: { 'idempotency-key': randomUUID() },
            body: { amount: toWireAmount(paise(185_00)), reason: 'Returned a damaged packet of oil', pin: account.shop.owner.pin },
          },
        );
        account.owedPaise = parseRupees(refunded.creditAccount.owed)!;
        tally.refunds += 1;
      });
    });
    // Two days ago the owner sent the two most overdue customers a reminder on WhatsApp.
    plan(at(demoDaysBack - 2, 11, 30), async () => {
      const kirana = shops.get('kirana')!;
      const toCollect = await api.as<ToCollect>(kirana.owner, 'GET', '/api/business/to-collect');
      for (const overdue of toCollect.accounts.slice(0, 2)) {
        await api.as(kirana.owner, 'POST', `/api/business/credit-accounts/${overdue.creditAccountId}/reminders`, { body: { channel: 'whatsapp' } });
        clock.advance(chance.between(60, 240));
        tally.reminders += 1;
      }
    });

    // --- Today, before now: a few purchases, so this month always has some, and Priya's
    // UPI repayment waiting for the shop.
    const todayFromMs = Math.max(at(demoDaysBack, 7, 0).getTime(), endMs - 3 * 3600_000);
    const todayAt = (share: number) => new Date(Math.min(endMs - 5 * 60_000, todayFromMs + (endMs - 5 * 60_000 - todayFromMs) * share));
    for (const [share, name] of [[0.2, 'Anjali Deshmukh'], [0.45, 'Sunita Yadav'], [0.7, 'Deepa Iyer']] as const) {
      const basket = demoShops.kirana.baskets[0]!;
      plan(todayAt(share), async () => { await buy(name, 'kirana', basket, paise(chance.between(60, 120) * 100)); });
    }
    plan(todayAt(0.85), async () => {
      const account = accountOf('Priya Nair', 'kirana')!;
      if (account.owedPaise - account.claimedPaise < 100_00) {
        await buy(account.customer.name, 'kirana', demoShops.kirana.baskets[2]!, paise(chance.between(300, 900) * 100));
        clock.advance(chance.between(120, 300));
      }
      await claim(account, paise(account.owedPaise - account.claimedPaise), 'none');
    });

    while (queue.length > 0) {
      let next = 0;
      for (let index = 1; index < queue.length; index += 1) {
        const one = queue[index]!;
        const best = queue[next]!;
        if (one.atMs < best.atMs || (one.atMs === best.atMs && one.order < best.order)) next = index;
      }
      const [event] = queue.splice(next, 1);
      clock.moveTo(new Date(event!.atMs));
      await event!.run();
    }

    // --- The end: today's overdue amounts and the closed analytics days, as the server's
    // maintenance keeps them, then the figures each side reads.
    clock.moveTo(new Date(Math.max(clock().getTime(), endMs - 30_000)));
    await app.services.maintenance.refreshOverdue();
    await app.services.analytics.closeDays();
    const kirana = shops.get('kirana')!;
    const stats = (await api.as<{ stats: BusinessStats }>(kirana.owner, 'GET', '/api/business/stats')).stats;
    const toCollect = await api.as<ToCollect>(kirana.owner, 'GET', '/api/business/to-collect');
    let pendingClaims = 0;
    for (const shop of shops.values()) {
      if (shop.cast.key === 'hardware') continue;
      pendingClaims += (await api.as<{ claims: RepaymentClaim[] }>(shop.owner, 'GET', '/api/business/repayment-claims?status=pending')).claims.length;
    }
    const adminStats = (await api.as<{ stats: AdminStats }>(admin, 'GET', '/api/admin/stats')).stats;
    const analytics = (await api.as<{ analytics: AdminAnalytics }>(admin, 'GET', '/api/admin/analytics?days=30')).analytics;

    // Nobody holds the demo's sessions: they end here, as a sign-out ends them.
    const everyone = [admin, ...[...shops.values()].flatMap((shop) => [shop.owner, ...(shop.cashier ? [shop.cashier] : [])]), ...customers.values()];
    for (const one of everyone) {
      if (one.token) await api.call('POST', '/api/auth/logout', { token: one.token });
    }

    const signIn = (one: Person): DemoSignIn => ({
      name: one.name, pin: one.pin, ...(one.email ? { email: one.email } : { mobileNumber: one.phoneNumber!.slice(3) }),
    });
    const pharmacy = shops.get('pharmacy')!;
    return {
      from: firstDay,
      to: today,
      signIns: {
        admin: signIn(admin),
        shop: { ...signIn(kirana.owner), businessName: kirana.cast.businessName },
        secondShop: { ...signIn(pharmacy.owner), businessName: pharmacy.cast.businessName },
        cashier: { ...signIn(kirana.cashier!), businessName: kirana.cast.businessName },
        customers: ['Priya Nair', 'Rahul Verma'].map((name) => signIn(customers.get(name)!)),
      },
      figures: {
        shops: { approved: adminStats.approvedBusinesses, pending: adminStats.pendingBusinesses },
        customers: adminStats.customers,
        creditAccounts: adminStats.creditAccounts,
        payments: tally.payments,
        paymentVolume: toWireAmount(paise(tally.volumePaise)),
        repayments: tally.repayments,
        claims: { confirmed: tally.confirmed, declined: tally.declined, pending: pendingClaims },
        refunds: tally.refunds,
        reminders: tally.reminders,
        shop: {
          overdue: toCollect.overdue, overdueCustomers: toCollect.customers, totalRevenue: stats.totalRevenue,
          creditIssued: stats.creditIssued, transactions: stats.transactions,
          thisMonth: { revenue: stats.trend.revenue.current, transactions: stats.trend.transactions.current },
          lastMonth: { revenue: stats.trend.revenue.previous, transactions: stats.trend.transactions.previous },
        },
        analytics30Days: {
          payments: analytics.totals.payments, volume: analytics.totals.volume, fees: analytics.totals.fees,
          daysWithPayments: analytics.daily.filter((day) => day.payments > 0).length,
        },
      },
    };
  }
}

/** Rupees for people: "₹1,23,456.00". */
export const rupeesOf = (wire: string): string => formatRupees(parseRupees(wire)!);
