/**
 * A TCP proxy between the app and PostgreSQL that a test can break on purpose: refuse
 * every connection (the database is away), or let a statement through and cut the
 * connection instead of passing on its answer (the answer to a committed payment lost).
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Closes every connection and refuses new ones, until `open()`. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  /**
   * The next statement whose bytes contain `marker` reaches the database, but its answer
   * does not reach the app: the connection is cut instead. Resolves once that happened.
   */
  cutAnswerTo(marker: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let armed: { marker: Buffer; done: () => void } | null = null;
  let server: Server;
  let port = 0;

  function onConnection(client: Socket) {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    let cutNextAnswer: (() => void) | null = null;
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.marker)) {
        cutNextAnswer = armed.done;
        armed = null;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutNextAnswer) {
        const done = cutNextAnswer;
        cutNextAnswer = null;
        end();
        done();
        return;
      }
      client.write(chunk);
    });
  }

  async function listen(onPort: number) {
    server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(onPort, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  }

  async function stopListening() {
    for (const pair of [...pairs]) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    pairs.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  await listen(0);
  return {
    get port() { return port; },
    refuse: stopListening,
    open: () => listen(port),
    cutAnswerTo(marker) {
      return new Promise<void>((resolve) => { armed = { marker: Buffer.from(marker), done: resolve }; });
    },
    close: async () => { if (server.listening) await stopListening(); },
  };
}
