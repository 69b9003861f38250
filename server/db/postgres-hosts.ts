/**
 * Several PostgreSQL hosts in one DATABASE_URL, as libpq writes them:
 * `postgres://user@h1:5432,h2:5433/khata?target_session_attrs=read-write`. `pg` reads only
 * one host, so this module parses the list and gives the pool a Client that connects to
 * each host in turn and keeps the first that is a primary (`pg_is_in_recovery()` false),
 * checking again on every new connection: after a failover the pool's next connections
 * find the promoted standby by themselves (docs/decisions.md, "Failover: our own host list
 * over `pg`, not another driver").
 */
import pg from 'pg';
import { databaseConnectTimeoutMs } from '@common/limits';

export interface HostPort { host: string; port: number }

/** libpq's `target_session_attrs` values this app honours. */
export type SessionAttrs = 'any' | 'read-write';

export interface DatabaseTarget {
  /** The URL as `pg` can read it: the first host, without `target_session_attrs`. */
  connectionString: string;
  hosts: HostPort[];
  sessionAttrs: SessionAttrs;
}

export class DatabaseUrlError extends Error {}

const defaultPort = 5432;

function parseHostPort(text: string): HostPort {
  // `[::1]:5433`, `db.internal:5433`, `db.internal`
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : text.split(':') as [string, string | undefined];
  if (!host) throw new DatabaseUrlError(`DATABASE_URL has an empty host in "${text}"`);
  const number = port === undefined || port === '' ? defaultPort : Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) {
    throw new DatabaseUrlError(`DATABASE_URL has an invalid port in "${text}"`);
  }
  return { host, port: number };
}

/**
 * Splits a DATABASE_URL into its hosts and what kind of session it asks for. One host
 * without `target_session_attrs` comes back unchanged. Throws DatabaseUrlError for a
 * `target_session_attrs` the app cannot honour (read-only, standby, prefer-standby).
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?]*@)?([^/?]*)(.*)$/.exec(url);
  if (!match) return { connectionString: url, hosts: [], sessionAttrs: 'any' };
  const [, scheme, userInfo = '', hostList, rest = ''] = match as unknown as [string, string, string | undefined, string, string | undefined];
  const [path, query = ''] = rest.split(/\?(.*)/s) as [string, string | undefined];
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (attrs !== 'any' && attrs !== 'read-write' && attrs !== 'primary') {
    throw new DatabaseUrlError(`DATABASE_URL asks for target_session_attrs=${attrs}; Khata writes, so it supports read-write (or primary) and any`);
  }
  params.delete('target_session_attrs');
  const hosts = hostList === '' ? [] : hostList.split(',').map(parseHostPort);
  const first = hosts[0];
  const firstHost = first ? (first.host.includes(':') ? `[${first.host}]:${first.port}` : `${first.host}:${first.port}`) : '';
  const remaining = params.toString();
  return {
    connectionString: `${scheme}${userInfo}${hosts.length > 1 ? firstHost : hostList}${path}${remaining ? `?${remaining}` : ''}`,
    hosts,
    sessionAttrs: attrs === 'any' ? 'any' : 'read-write',
  };
}

const describeHosts = (hosts: HostPort[]) => hosts.map((h) => `${h.host}:${h.port}`).join(', ');

/**
 * The error of a connection that found no host to use. Its `code` is libpq's SQLSTATE for
 * "unable to establish connection", so it is answered 503 like any unreachable database.
 */
export class NoUsableHostError extends Error {
  readonly code = '08001';
  constructor(hosts: HostPort[], sessionAttrs: SessionAttrs) {
    super(`no ${sessionAttrs === 'read-write' ? 'primary (read-write) ' : ''}PostgreSQL server among ${describeHosts(hosts)}`);
  }
}

type ClientConfig = pg.ClientConfig & { connectionTimeoutMillis?: number };

/** Is the server at the other end of `client` a standby? */
async function inRecovery(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
  return rows[0]!.standby;
}

/**
 * The Client class the pool creates its connections with. Every connection attempt is
 * bounded by databaseConnectTimeoutMs (a database that swallows packets fails fast instead
 * of hanging requests), without bounding the wait for a free pooled connection (pg-pool's
 * own option would). With several hosts, or target_session_attrs=read-write, each new
 * connection goes to the host that last worked and checks it is a primary; when that fails,
 * the hosts are tried in order with short-lived probes and the next connection uses the
 * first primary found.
 */
export function clientClassFor(target: DatabaseTarget): typeof pg.Client {
  const bounded = (config: ClientConfig | string | undefined): ClientConfig => {
    const base = typeof config === 'string' ? { connectionString: config } : { ...config };
    return { ...base, connectionTimeoutMillis: base.connectionTimeoutMillis || databaseConnectTimeoutMs, keepAlive: true };
  };

  if (target.hosts.length <= 1 && target.sessionAttrs === 'any') {
    return class BoundedClient extends pg.Client {
      constructor(config?: ClientConfig | string) { super(bounded(config)); }
    };
  }

  const { hosts, sessionAttrs } = target;
  // Shared by every connection of this pool: the host that last answered as wanted, and
  // whether it must be looked for again before the next connection.
  let current = 0;
  let lookAgain = hosts.length > 1;

  const acceptable = async (client: pg.Client) => sessionAttrs === 'any' || !(await inRecovery(client));

  /** Tries each host with a throwaway connection; the index of the first acceptable one. */
  async function findHost(config: ClientConfig): Promise<number> {
    for (let offset = 0; offset < hosts.length; offset++) {
      const index = (current + offset) % hosts.length;
      const probe = new pg.Client(config);
      // After construction: a connectionString in the config would win over host and port.
      probe.host = hosts[index]!.host;
      probe.port = hosts[index]!.port;
      probe.on('error', () => {});
      try {
        await probe.connect();
        if (await acceptable(probe)) return index;
      } catch {
        // Down or unreachable: the next host.
      } finally {
        await probe.end().catch(() => {});
      }
    }
    throw new NoUsableHostError(hosts, sessionAttrs);
  }

  return class MultiHostClient extends pg.Client {
    private readonly settings: ClientConfig;

    constructor(config?: ClientConfig | string) {
      const settings = bounded(config);
      super(settings);
      this.settings = settings;
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
    override connect(callback?: (error: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connected = this.connectToTarget();
      if (!callback) return connected;
      connected.then((client) => callback(null, client), (error: Error) => callback(error));
    }

    private async connectToTarget(): Promise<pg.Client> {
      if (lookAgain) {
        current = await findHost(this.settings);
        lookAgain = false;
      }
      const chosen = hosts[current]!;
      this.host = chosen.host;
      this.port = chosen.port;
      try {
        await super.connect();
        if (!(await acceptable(this))) {
          await this.end().catch(() => {});
          throw new NoUsableHostError([chosen], sessionAttrs);
        }
        return this;
      } catch (error) {
        lookAgain = hosts.length > 1;
        throw error;
      }
    }
  };
}
