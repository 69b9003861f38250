/**
 * What the SMS vendors' fakes share: a node:http server on loopback that reads each request
 * whole, can be told to fail the next requests (a 5xx, or a 2xx the vendor means as a refusal)
 * or to hang until the caller gives up, and closes with every connection, hung ones too.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the next request is answered instead of being handled: an answer given, or none at all. */
export type Mishap = { kind: 'answer'; status: number; body: unknown } | { kind: 'hang' };

export interface FakeServer {
  /** http://127.0.0.1:<port>, the vendor's API address. */
  url: string;
  /** Every request that reached the fake, in order, as sent (refused and failed ones too). */
  raw: RawRequest[];
  /** The next `count` requests get `mishap` (after those already queued). */
  queue(count: number, mishap: Mishap): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Starts a fake whose `handle` answers every request not taken by a queued mishap. */
export async function startFakeServer(handle: (request: RawRequest, response: ServerResponse) => void): Promise<FakeServer> {
  const raw: RawRequest[] = [];
  const mishaps: Mishap[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const received: RawRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      raw.push(received);
      const mishap = mishaps.shift();
      if (mishap?.kind === 'hang') return;
      if (mishap?.kind === 'answer') return sendJson(response, mishap.status, mishap.body);
      handle(received, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    raw,
    queue(count, mishap) {
      for (let i = 0; i < count; i += 1) mishaps.push(mishap);
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}

/** A callback's delivery: by default a real POST; a test of an app that is not listening passes app.inject here. */
export type Deliver = (request: { url: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; body: string }>;

export const deliverByFetch: Deliver = async ({ url, headers, body }) => {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.text() };
};

/** An http address on loopback where nothing listens: a vendor that is down. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
