/**
 * A real `GET /api/events` stream for the events tests: opened on a listening app as a
 * browser would, read until the server says it is connected, and kept as parsed messages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { bearer, type TestContext } from './context';

export interface StreamMessage { event: string; id?: string; data: Record<string, unknown> }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, failing after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

/** Opens a session's event stream and collects the messages of the `events` named, in order. */
export async function openEventStream(app: TestContext['app'], token: string, events: readonly string[]) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const messages: StreamMessage[] = [];
  let buffer = '';
  const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: bearer(token) });
  request.on('error', () => {});
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  expect(response.statusCode).toBe(200);
  response.setEncoding('utf8');
  let connected: () => void;
  const ready = new Promise<void>((resolve) => { connected = resolve; });
  response.on('data', (chunk: string) => {
    buffer += chunk;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop()!;
    for (const block of blocks) {
      if (block.includes(': connected')) connected();
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
      }
      const event = fields.get('event');
      if (event !== undefined && events.includes(event)) {
        messages.push({ event, id: fields.get('id'), data: JSON.parse(fields.get('data')!) });
      }
    }
  });
  // The server ending the stream (its lifetime, a revocation) ends the response.
  const ended = new Promise<void>((resolve) => {
    response.on('end', resolve);
    response.on('close', resolve);
  });
  await ready;
  return { messages, ended, close: () => request.destroy() };
}
