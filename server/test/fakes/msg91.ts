/**
 * A local fake of MSG91's Flow API, written from MSG91's documents ("Send SMS via Flow",
 * its delivery-report webhook), not from Khata's client. It takes `POST /api/v5/flow` with
 * the `authkey` header and a JSON body `{ template_id, sender, short_url, recipients: [{
 * mobiles: "91XXXXXXXXXX", <the template's variables> }] }`, knows each flow's variables as
 * the DLT template was registered, refuses anything else with MSG91's `{ type: "error",
 * message }`, answers `{ type: "success", message: <request id> }`, and posts delivery
 * reports (webhook v3, JSON) to the URL set in the MSG91 panel.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { deliverByFetch, sendJson, startFakeServer, type Deliver, type RawRequest } from './fake-server';

export interface Msg91FakeOptions {
  authKey?: string;
  /** The account's approved DLT sender ids. */
  senders?: string[];
  /** Each flow (template id) and the variables its DLT template was registered with. */
  flows: Record<string, readonly string[]>;
  /** The webhook URL set in the MSG91 panel, where delivery reports go. */
  webhookUrl?: string;
}

/** A flow request MSG91 accepted. */
export interface Msg91Request {
  requestId: string;
  /** The JSON body as sent. */
  body: { template_id: string; sender: string; short_url: string; recipients: Record<string, string>[] } & Record<string, unknown>;
  authkey: string;
  contentType: string;
}

/** MSG91's delivery statuses with the numeric code and description its webhook sends. */
export const msg91ReportStatuses = {
  delivered: { status: '1', desc: 'DELIVERED' },
  failed: { status: '2', desc: 'FAILED' },
  ndnc: { status: '9', desc: 'NDNC' },
  rejected: { status: '16', desc: 'REJECTED' },
  blocked: { status: '17', desc: 'BLOCKED' },
} as const;
export type Msg91ReportStatus = keyof typeof msg91ReportStatuses;

export interface Msg91Fake {
  /** MSG91_API_URL for the client. */
  url: string;
  authKey: string;
  /** The flow requests that were accepted, in order. */
  requests: Msg91Request[];
  /** Every request as it arrived, refused ones too. */
  raw: RawRequest[];
  /** The next `count` requests answer `status` (500 by default) with MSG91's error body, or `body`. */
  failNext(count: number, status?: number, body?: unknown): void;
  /** The next `count` requests get no answer at all. */
  hangNext(count: number): void;
  /**
   * Posts MSG91's delivery report (webhook v3, application/json) for the request's recipient
   * to the panel's webhook URL (or `url`). Returns the answer Khata gave.
   */
  report(requestId: string, status: Msg91ReportStatus, options?: { url?: string; deliver?: Deliver }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const mobilePattern = /^91\d{10}$/;

function msg91Error(response: ServerResponse, status: number, message: string) {
  sendJson(response, status, { type: 'error', message });
}

/** India's wall clock as MSG91 writes dates: "2024-05-22 09:58:16". */
function indiaDateTime(date: Date): string {
  return new Date(date.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** MSG91's refusal of a flow body (its message), or null. */
function refuseBody(body: unknown, flows: Msg91FakeOptions['flows'], senders: readonly string[]): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Invalid JSON body';
  const { template_id: templateId, sender, short_url: shortUrl, recipients } = body as Record<string, unknown>;
  if (typeof templateId !== 'string' || !templateId) return 'template_id is required';
  const variables = flows[templateId];
  if (!variables) return 'Invalid template_id';
  if (typeof sender !== 'string' || !senders.includes(sender)) return 'Invalid sender';
  if (shortUrl !== '0' && shortUrl !== '1') return 'short_url must be "0" or "1"';
  if (!Array.isArray(recipients) || recipients.length === 0) return 'recipients is required';
  for (const recipient of recipients as unknown[]) {
    if (!recipient || typeof recipient !== 'object') return 'Invalid recipients';
    const fields = recipient as Record<string, unknown>;
    if (typeof fields.mobiles !== 'string' || !mobilePattern.test(fields.mobiles)) return 'Invalid mobile number';
    for (const name of variables) if (typeof fields[name] !== 'string' || fields[name] === '') return `Missing variable ${name}`;
    for (const name of Object.keys(fields)) if (name !== 'mobiles' && !variables.includes(name)) return `Unknown variable ${name}`;
  }
  return null;
}

export async function startMsg91Fake(options: Msg91FakeOptions): Promise<Msg91Fake> {
  const authKey = options.authKey ?? randomBytes(12).toString('hex');
  const senders = options.senders ?? ['KHATAA'];
  const requests: Msg91Request[] = [];

  function handle(request: RawRequest, response: ServerResponse) {
    const path = request.url.split('?')[0]!;
    if (path !== '/api/v5/flow' && path !== '/api/v5/flow/') return msg91Error(response, 404, 'Not found');
    if (request.method !== 'POST') return msg91Error(response, 405, 'Method not allowed');
    const authkey = request.headers.authkey;
    if (authkey !== authKey) return msg91Error(response, 401, 'Authentication failure');
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json(;|$)/i.test(contentType)) return msg91Error(response, 400, 'content-type must be application/json');
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return msg91Error(response, 400, 'Invalid JSON body');
    }
    const refusal = refuseBody(body, options.flows, senders);
    if (refusal) return msg91Error(response, 400, refusal);
    const requestId = randomBytes(12).toString('hex');
    requests.push({ requestId, body: body as Msg91Request['body'], authkey, contentType });
    sendJson(response, 200, { type: 'success', message: requestId });
  }

  const server = await startFakeServer(handle);

  return {
    url: server.url,
    authKey,
    requests,
    raw: server.raw,
    failNext(count, status = 500, body = { type: 'error', message: 'Internal server error' }) {
      server.queue(count, { kind: 'answer', status, body });
    },
    hangNext(count) {
      server.queue(count, { kind: 'hang' });
    },
    async report(requestId, status, reportOptions = {}) {
      const request = requests.find((r) => r.requestId === requestId);
      if (!request) throw new Error(`the MSG91 fake has no request ${requestId}`);
      const url = reportOptions.url ?? options.webhookUrl;
      if (!url) throw new Error('no webhook URL: pass webhookUrl to startMsg91Fake or url to report');
      const { status: code, desc } = msg91ReportStatuses[status];
      const body = {
        date: indiaDateTime(new Date()), number: request.body.recipients[0]!.mobiles, senderId: request.body.sender, amount: '0.2',
        requestId, INMSID: '0', CRQID: '0', credit: '1', userId: '271828', campaignName: 'API', status: code, desc,
      };
      return (reportOptions.deliver ?? deliverByFetch)({
        url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
    },
    close: () => server.close(),
  };
}
