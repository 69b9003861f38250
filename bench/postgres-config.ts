/**
 * npm run bench:postgres-config — what the recommended postgresql.conf (docs/postgresql.conf)
 * buys: a throwaway PostgreSQL cluster on this machine, the payments benchmark's dataset,
 * and the shipped server paying over HTTP with 64 clients, with the cluster's packaged
 * settings and with the recommended ones, alternating (the cluster restarts between), three
 * rounds, medians. Run as root: the cluster runs as the postgres user.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.BENCH_PGCONF_PORT ?? 55434);
process.env.BENCH_SERVER_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
const { accountMap, alternate, machine, median, paymentsDataset, qrToken, reconcileOrFail, runWrk, startServer, wrkScript } = await import('./lib');

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pgBin = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], { encoding: 'utf8' }).stdout.trim();
const directory = mkdtempSync('/tmp/khata-pgconf-');
const data = join(directory, 'data');
const asPostgres = (command: string, args: string[]) => {
  const run = userInfo().uid === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} failed:\n${run.stdout}${run.stderr}`);
};
if (userInfo().uid === 0) chownSync(directory, Number(spawnSync('id', ['-u', 'postgres']).stdout), Number(spawnSync('id', ['-g', 'postgres']).stdout));

/** The recommended settings, as `-c name=value` options, read from the file the docs show. */
const recommended = readFileSync('docs/postgresql.conf', 'utf8').split('\n')
  .map((line) => line.replace(/#.*/, '').trim()).filter(Boolean)
  .map((line) => line.split('=').map((part) => part.trim()) as [string, string]);

function startCluster(settings: [string, string][]) {
  const options = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-k ${directory}`, ...settings.map(([k, v]) => `-c ${k}=${v}`)];
  asPostgres(`${pgBin}/pg_ctl`, ['-D', data, '-o', options.join(' '), '-w', '-l', join(directory, 'log'), 'start']);
}
const stopCluster = () => asPostgres(`${pgBin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);

console.log(`Machine: ${machine()}`);
asPostgres(`${pgBin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust']);
try {
  startCluster([]);
  const dataset = await paymentsDataset();
  const accounts = await accountMap(dataset.url);
  wrkScript(accounts.map((a, i) => ({ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) })), '/tmp/khata-bench-pgconf.lua');
  stopCluster();

  const run = (settings: [string, string][]) => async () => {
    startCluster(settings);
    const server = await startServer({ DATABASE_URL: dataset.url });
    try {
      await runWrk(server.url, '/tmp/khata-bench-pgconf.lua', 64, 3);
      return (await runWrk(server.url, '/tmp/khata-bench-pgconf.lua', 64, seconds, server.child.pid)).perSecond;
    } finally {
      await server.stop();
      stopCluster();
    }
  };
  const results = await alternate(rounds, { packaged: run([]), recommended: run(recommended) });
  startCluster([]);
  console.log(reconcileOrFail(dataset.url));
  stopCluster();
  console.log(`--- medians of ${rounds} alternating rounds of ${seconds} s, shipped server, 64 clients ---`);
  console.log(`packaged settings: ${median(results.packaged!).toFixed(0)} payments/s (runs ${results.packaged!.map((r) => r.toFixed(0)).join(', ')})`);
  console.log(`recommended (docs/postgresql.conf): ${median(results.recommended!).toFixed(0)} payments/s (runs ${results.recommended!.map((r) => r.toFixed(0)).join(', ')})`);
  const gains = results.recommended!.map((r, i) => r / results.packaged![i]!);
  console.log(`RESULT recommended ÷ packaged: ${median(gains).toFixed(2)} (per round ${gains.map((g) => g.toFixed(2)).join(', ')})`);
} finally {
  spawnSync('runuser', ['-u', 'postgres', '--', `${pgBin}/pg_ctl`, '-D', data, '-m', 'immediate', 'stop']);
  rmSync(directory, { recursive: true, force: true });
}
