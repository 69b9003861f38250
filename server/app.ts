/**
 * Builds the Fastify app from its parts. Nothing here listens or reads the environment:
 * main.ts does that, and tests build the app with their own database and clock.
 */
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { AppError } from './errors';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createDeviceService } from './features/auth/devices.service';
import { createPinService } from './features/auth/pins.service';
import { adminRoutes } from './features/admin/admin.routes';
import { createBusinessService } from './features/businesses/businesses.service';
import { businessRoutes } from './features/businesses/businesses.routes';
import { chargeRoutes } from './features/charges/charges.routes';
import { createChargeService } from './features/charges/charges.service';
import { createEnrolmentService } from './features/charges/enrolments.service';
import { claimRoutes } from './features/claims/claims.routes';
import { createClaimService } from './features/claims/claims.service';
import { creditRoutes } from './features/credit/credit.routes';
import { createCreditService } from './features/credit/credit.service';
import { customerRoutes } from './features/customers/customers.routes';
import { duesRoutes } from './features/dues/dues.routes';
import { createDuesService } from './features/dues/dues.service';
import { createCustomerService } from './features/customers/customers.service';
import { eventRoutes } from './features/events/events.routes';
import { createEventService } from './features/events/events.service';
import { healthRoutes } from './features/health/health.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { createInvitationService } from './features/invitations/invitations.service';
import { auditRoutes } from './features/audit/audit.routes';
import { createAuditService } from './features/audit/audit.service';
import { staffRoutes } from './features/staff/staff.routes';
import { createStaffService } from './features/staff/staff.service';
import { createDatabaseWatch } from './db/availability';
import { createAnalyticsService } from './features/analytics/analytics.service';
import { createMaintenanceService } from './features/maintenance/maintenance.service';
import { createLedger } from './ledger/ledger';
import { paymentRoutes } from './features/payments/payments.routes';
import { createPaymentService } from './features/payments/payments.service';
import { qrRoutes } from './features/qr/qr.routes';
import { refundRoutes } from './features/refunds/refunds.routes';
import { createRefundService } from './features/refunds/refunds.service';
import { reminderRoutes } from './features/reminders/reminders.routes';
import { createReminderService } from './features/reminders/reminders.service';
import { reportRoutes } from './features/reports/reports.routes';
import { createReportService } from './features/reports/reports.service';
import { createQrService } from './features/qr/qr.service';
import { createTransactionService } from './features/transactions/transactions.service';
import { createStatsService } from './features/stats/stats.service';
import { statementRoutes } from './features/statements/statements.routes';
import { createStatementService } from './features/statements/statements.service';
import { createSessionService } from './features/sessions/sessions.service';
import { otpRoutes } from './features/otp/otp.routes';
import { createOtpService, deriveOtpKey } from './features/otp/otp.service';
import type { SmsProvider } from './sms/provider';
import { smsRoutes } from './sms/sms.routes';
import { createSmsService } from './sms/sms.service';
import { accessPlugin } from './plugins/access';
import { alwaysSecureCookies, cookieOptions } from './plugins/cookies';
import { errorsPlugin, refuse } from './plugins/errors';
import { openApiPlugin, openApiRoutes } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import type { SharedLimits } from './shared-limits/shared-limits';
import { rawSecurityHeaders, securityPlugin } from './plugins/security';
import { schemasPlugin } from './plugins/schemas';
import { webPlugin } from './plugins/web';
import { createReadRouting, type ReadRouting } from './db/read-routing';
import { readAfterWritePlugin } from './plugins/read-after-write';
import { createMetrics } from './metrics/metrics';
import { metricsPlugin } from './metrics/metrics.plugin';

export type AppConfig = Pick<Config,
  'pinPeppers' | 'pinKeyVersion' | 'publicUrl' | 'isProduction' | 'sessionIdleTtlSeconds' | 'sessionAbsoluteTtlSeconds'
  | 'rateLimitPerMinute' | 'sessionRateLimitPerMinute' | 'trustProxy' | 'webDir' | 'eventStreamSeconds'
  | 'smsDailyLimitPerShop' | 'twilioAuthToken' | 'msg91WebhookToken'>
  // GET /metrics answers this bearer token; absent (as in most tests), /metrics is a 404.
  & Partial<Pick<Config, 'metricsToken'>>;

export interface AppDeps {
  db: Db;
  config: AppConfig;
  sms: SmsProvider;
  clock?: Clock;
  logger?: boolean | object;
  /** Sees every route as it is registered, so a test can list the whole API. */
  onRoute?: (route: RouteOptions) => void;
  /** Caps on open live-update streams (default: common/limits.ts); tests set them small. */
  eventStreams?: { perSessionMax?: number; totalMax?: number };
  /** Where reads that may lag go (DATABASE_READ_URL: main.ts opens it); default: all on `db`. */
  reads?: ReadRouting;
  /** With REDIS_URL: request limits and stream caps shared by every process (main.ts opens it). */
  sharedLimits?: SharedLimits;
}

export function createServices({ db, config, sms, clock = systemClock, eventStreams, sharedLimits, reads: givenReads }: Omit<AppDeps, 'logger'>) {
  const pins = createPinService({ db, clock, keys: { peppers: config.pinPeppers, currentVersion: config.pinKeyVersion } });
  const sessions = createSessionService({
    db, clock, idleTtlSeconds: config.sessionIdleTtlSeconds, absoluteTtlSeconds: config.sessionAbsoluteTtlSeconds,
  });
  // OTPs are keyed with a key derived from the pepper, never the pepper itself.
  const otpSecret = deriveOtpKey(config.pinPeppers.get(config.pinKeyVersion)!);
  // Every SMS goes through the SMS service, which records it; `sms` is the vendor (or the test's provider).
  const smsService = createSmsService({
    db, clock, provider: sms, dailyLimitPerShop: config.smsDailyLimitPerShop,
    twilioAuthToken: config.twilioAuthToken, msg91WebhookToken: config.msg91WebhookToken,
  });
  const otp = createOtpService({ db, clock, sms: smsService, secret: otpSecret });
  const stats = createStatsService({ db, clock });
  // Every write that moves money goes through the ledger (server/ledger/ledger.ts).
  const ledger = createLedger({ db, clock });
  const events = createEventService({
    db, clock, streamsPerSessionMax: eventStreams?.perSessionMax, streamsTotalMax: eventStreams?.totalMax,
    shared: sharedLimits,
  });
  // What a shop's people do that is not a ledger row; services record it in their own transaction.
  const audit = createAuditService({ db, clock });
  const businesses = createBusinessService({ db, clock, stats, audit, publishStatus: events.publishStatus });
  const devices = createDeviceService({ db, clock });
  const auth = createAuthService({ db, clock, pins, sessions, devices, otp, businesses, stats, audit });
  const customers = createCustomerService({ db });
  // Histories, statements and analytics read from the replica when one is configured (db/read-routing.ts).
  const reads = givenReads ?? createReadRouting({ primary: db, readAfterWriteSeconds: 0 });
  const transactions = createTransactionService({ db, clock, reads });
  const credit = createCreditService({ db, clock, ledger, businesses, customers, stats, transactions, events, audit });
  const statements = createStatementService({ reads, transactions });
  const qr = createQrService({ db, clock, businesses, audit });
  const payments = createPaymentService({ clock, ledger, pins, qr, credit, events, sessions, transactions });
  const claims = createClaimService({ db, clock, ledger, businesses, credit, transactions, events, audit });
  const dues = createDuesService({ db, clock, ledger, businesses, credit, audit });
  const maintenance = createMaintenanceService({ db, clock, ledger });
  const analytics = createAnalyticsService({ db, clock, reads });
  const reports = createReportService({ db, clock, businesses, sessions, devices, events, audit });
  const refunds = createRefundService({ db, clock, ledger, pins, businesses, transactions, credit, events, reports });
  const reminders = createReminderService({ db, clock, ledger, businesses, sms: smsService, audit, publicUrl: config.publicUrl });
  // Consent by SMS code: charges and sign-ups at the counter; their codes' HMACs use the OTP key.
  const charges = createChargeService({ db, clock, ledger, sms: smsService, codeKey: otpSecret, businesses, credit, transactions, events });
  const enrolments = createEnrolmentService({ db, clock, ledger, sms: smsService, codeKey: otpSecret, auth, businesses, credit, stats, audit });
  const invitations = createInvitationService({ db, clock, ledger, businesses, credit, stats, events, sms: smsService, audit });
  // The shop's people: invited by SMS, joined with an OTP, revoked live.
  const staff = createStaffService({ db, clock, businesses, audit, sms: smsService, otp, pins, sessions, devices, events });
  return {
    pins, sessions, devices, otp, stats, ledger, businesses, auth, customers, transactions, events, credit, statements, qr, payments,
    maintenance, analytics, claims, dues, reports, refunds, sms: smsService, reminders,
    charges, enrolments,
    invitations, audit, staff,
    reads,
  };
}

export type Services = ReturnType<typeof createServices>;

export type KhataApp = FastifyInstance & { services: Services };

/** Fastify's own answers to a malformed URL or an over-long path parameter, in our shape. */
function answerFrameworkError(error: FastifyError, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return refuse(reply, new AppError('not_found'));
  if (error.code === 'FST_ERR_BAD_URL') return refuse(reply, new AppError('url_invalid'));
  return refuse(reply, new AppError('internal'));
}

/**
 * Paths that carry a secret, which never reaches the log: MSG91's delivery reports carry
 * MSG91_WEBHOOK_TOKEN, and an invitation's link code opens its name and number and can
 * refuse the shop for good.
 */
const secretPath = /^(\/api\/sms\/msg91\/status\/|\/api\/invitations\/)[^/]*/;
const withoutSecretPath = (path: string) => path.replace(secretPath, '$1…');

/**
 * The request in the log line, with the path alone: a query string is the client's to
 * fill, and a token or code pasted into one must not reach the log (docs/security.md, threat 10).
 */
function requestLogLine(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecretPath(request.url.split('?', 1)[0]!),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

function loggerOptions(logger: AppDeps['logger']) {
  if (!logger) return false;
  const options = (logger === true ? {} : logger) as { serializers?: object };
  return { ...options, serializers: { req: requestLogLine, ...options.serializers } };
}

/** One log line per request, written when it is answered, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(deps: AppDeps): Promise<KhataApp> {
  const { db, config } = deps;
  const securityHeaders = rawSecurityHeaders(config.publicUrl);
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    logController: new OneLinePerRequest(),
    // Fastify trusts no hop at all when given a bare number, so a hop count becomes
    // proxy-addr's own rule: the first N hops (the peer included) are proxies.
    trustProxy: typeof config.trustProxy === 'number'
      ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // While the server stops (SIGTERM), a request arriving on a kept-alive connection is
    // served, with `connection: close`, instead of Fastify's 503: the database is open until
    // every request is answered, and a 5xx would make a paying client doubt a payment.
    return503OnClosing: false,
    // Fastify answers a malformed URL or an over-long path parameter itself, in its own
    // shape and echoing the path; answer them as every other refusal instead.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw);
      return answerFrameworkError(error, reply as unknown as FastifyReply);
    },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // With METRICS_TOKEN, every SMS is counted on its way to the vendor (server/metrics).
  const metrics = config.metricsToken ? createMetrics({
    db, database: () => database, sharedLimits: deps.sharedLimits, replicaState: () => services.reads.state(),
  }) : undefined;
  const services = createServices(metrics ? { ...deps, sms: metrics.countingSms(deps.sms) } : deps);
  const database = createDatabaseWatch({ db, log: () => app.log });
  app.addHook('onClose', async () => database.stop());

  await app.register(errorsPlugin, { database });
  // Before every route, so its hooks count them all: see metrics/metrics.plugin.ts.
  await app.register(metricsPlugin, { token: config.metricsToken, metrics });
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(cookie);
  // Before access, which refuses a route without config.access: see plugins/openapi.ts.
  await app.register(openApiPlugin);
  await app.register(accessPlugin, { sessions: services.sessions });
  // After access resolves the session, before any route: see plugins/rate-limit.ts.
  await app.register(rateLimitPlugin, {
    addressLimitPerMinute: config.rateLimitPerMinute, sessionLimitPerMinute: config.sessionRateLimitPerMinute,
    shared: deps.sharedLimits,
  });
  // After access and rate limits, so their refusals come before an input's: see plugins/schemas.ts.
  await app.register(schemasPlugin);
  // Which reads may use the replica, and the cookie a write sets: see plugins/read-after-write.ts.
  await app.register(readAfterWritePlugin, {
    reads: services.reads, cookies: cookieOptions(alwaysSecureCookies(config)), now: () => (deps.clock ?? systemClock)().getTime(),
  });

  await app.register(healthRoutes, { db, database, events: services.events });
  const cookies = cookieOptions(alwaysSecureCookies(config));
  await app.register(otpRoutes, { otp: services.otp, cookies });
  await app.register(authRoutes, {
    auth: services.auth, sessionTtlSeconds: config.sessionAbsoluteTtlSeconds, cookies,
  });
  await app.register(adminRoutes, { businesses: services.businesses, stats: services.stats, analytics: services.analytics });
  await app.register(businessRoutes, { businesses: services.businesses, stats: services.stats, sessions: services.sessions });
  await app.register(creditRoutes, { credit: services.credit });
  await app.register(statementRoutes, { statements: services.statements });
  await app.register(duesRoutes, { dues: services.dues, publicUrl: config.publicUrl });
  await app.register(reminderRoutes, { reminders: services.reminders, publicUrl: config.publicUrl });
  await app.register(invitationRoutes, { invitations: services.invitations, publicUrl: config.publicUrl });
  await app.register(staffRoutes, {
    staff: services.staff, publicUrl: config.publicUrl, sessionTtlSeconds: config.sessionAbsoluteTtlSeconds, cookies,
  });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(claimRoutes, { claims: services.claims });
  await app.register(customerRoutes, { customers: services.customers });
  await app.register(qrRoutes, { qr: services.qr, publicUrl: config.publicUrl });
  await app.register(paymentRoutes, { payments: services.payments, transactions: services.transactions });
  await app.register(refundRoutes, { refunds: services.refunds });
  await app.register(chargeRoutes, { charges: services.charges, enrolments: services.enrolments });
  await app.register(smsRoutes, { sms: services.sms, publicUrl: config.publicUrl });
  await app.register(reportRoutes, { reports: services.reports });
  await app.register(eventRoutes, {
    events: services.events, sessions: services.sessions, streamSeconds: config.eventStreamSeconds,
  });
  app.addHook('onClose', async () => services.events.stop());
  await app.register(openApiRoutes);
  await app.register(webPlugin, { webDir: config.webDir });

  return Object.assign(app, { services }) as unknown as KhataApp;
}
