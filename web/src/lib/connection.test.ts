import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionProbeWaitMsFirst, connectionProbeWaitMsMax } from '@common/limits';
import { apiError, callsTo, json, stubFetch } from '@/test/fetch-stub';
import { request } from './api-request';
import { checkReachable, connectionProbeUrl, isOffline, subscribeConnection } from './connection';

const probe = `GET ${connectionProbeUrl}`;
const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the connection store', () => {
  it('goes offline when a request finds no server, and tells its subscribers', async () => {
    stubFetch({ 'GET /api/business/stats': networkError });
    const heard = vi.fn();
    const unsubscribe = subscribeConnection(heard);
    expect(isOffline()).toBe(false);
    await expect(request('GET /api/business/stats', {})).rejects.toThrow(TypeError);
    expect(isOffline()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("takes a proxy's 502, 503 or 504 page for a missing server", async () => {
    for (const status of [502, 503, 504]) {
      stubFetch({ 'GET /api/business/stats': () => new Response('<html>Bad Gateway</html>', { status }), [probe]: () => json(200, { status: 'ok' }) });
      await expect(request('GET /api/business/stats', {})).rejects.toThrow(`${status}: `);
      expect(isOffline(), String(status)).toBe(true);
      await checkReachable();
      expect(isOffline()).toBe(false);
    }
  });

  it("stays online on our own refusals, a 503 database_unavailable included: the server answered", async () => {
    stubFetch({
      'GET /api/business/stats': () => apiError(503, 'The database is unavailable.', 'database_unavailable'),
      'GET /api/business/settings': () => apiError(422, 'Insufficient balance.', 'insufficient_credit'),
    });
    await expect(request('GET /api/business/stats', {})).rejects.toThrow('503: ');
    await expect(request('GET /api/business/settings', {})).rejects.toThrow('422: ');
    expect(isOffline()).toBe(false);
  });

  it('asks /api/health/live again after 2 s, 4 s, 8 s, then every 10 s, and is online once it answers', async () => {
    vi.useFakeTimers();
    let serverUp = false;
    const calls = stubFetch({ 'GET /api/business/stats': networkError, [probe]: () => (serverUp ? json(200, { status: 'ok' }) : networkError()) });
    await request('GET /api/business/stats', {}).catch(() => {});
    expect(isOffline()).toBe(true);
    const probesAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return callsTo(calls, probe).length;
    };
    expect(await probesAfter(connectionProbeWaitMsFirst - 1)).toBe(0);
    expect(await probesAfter(1)).toBe(1);
    expect(await probesAfter(2 * connectionProbeWaitMsFirst)).toBe(2);
    expect(await probesAfter(4 * connectionProbeWaitMsFirst)).toBe(3);
    expect(await probesAfter(connectionProbeWaitMsMax)).toBe(4);
    expect(await probesAfter(connectionProbeWaitMsMax)).toBe(5);
    expect(isOffline()).toBe(true);
    serverUp = true;
    expect(await probesAfter(connectionProbeWaitMsMax)).toBe(6);
    expect(isOffline()).toBe(false);
    // Online again: no more probes.
    expect(await probesAfter(5 * connectionProbeWaitMsMax)).toBe(6);
  });

  it('is online again as soon as any request gets an answer', async () => {
    let serverUp = false;
    stubFetch({ 'GET /api/business/stats': () => (serverUp ? json(200, {}) : networkError()) });
    await request('GET /api/business/stats', {}).catch(() => {});
    expect(isOffline()).toBe(true);
    serverUp = true;
    await request('GET /api/business/stats', {});
    expect(isOffline()).toBe(false);
  });

  it("follows the browser's offline and online events, and asks the server when the network returns", async () => {
    const calls = stubFetch({ 'GET /api/business/stats': networkError, [probe]: () => json(200, { status: 'ok' }) });
    window.dispatchEvent(new Event('offline'));
    expect(isOffline()).toBe(true);
    await request('GET /api/business/stats', {}).catch(() => {});
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(callsTo(calls, probe)).toHaveLength(1));
    await vi.waitFor(() => expect(isOffline()).toBe(false));
  });
});
