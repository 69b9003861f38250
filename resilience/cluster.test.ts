/**
 * The throwaway clusters of cluster.ts do what the resilience tests rely on: a synchronous
 * standby has every committed row, and survives its primary's kill -9 by promotion.
 *
 * Needs the PostgreSQL binaries (not a server): skipped where they are not installed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBinDir, replicationSettings, startCluster, startStandby, type Cluster } from './cluster';

const clusters: Cluster[] = [];
afterAll(async () => {
  await Promise.allSettled(clusters.map((c) => c.destroy()));
});

describe.skipIf(!postgresBinDir())('throwaway PostgreSQL clusters', () => {
  it('keeps a committed row through a kill -9 of the primary and promotion of its synchronous standby', async () => {
    const primary = await startCluster({ name: 'primary', settings: replicationSettings });
    clusters.push(primary);
    expect(primary.port).not.toBe(5432);
    expect((await primary.query<{ fsync: string }>('show fsync'))[0]!.fsync).toBe('on');

    const standby = await startStandby(primary, { name: 'standby', synchronous: true });
    clusters.push(standby);
    const [replication] = await primary.query<{ sync_state: string }>(
      `select sync_state from pg_stat_replication where application_name = 'standby'`);
    expect(replication?.sync_state).toBe('sync');
    expect(await standby.isInRecovery()).toBe(true);

    await primary.query('create table notes (id int primary key, text text not null)');
    await primary.query(`insert into notes values (1, 'before the crash')`);
    // A synchronous commit is on the standby's disk; replay is a moment later.
    await expect.poll(() => standby.query('select id, text from notes').catch(() => []), { timeout: 5_000 })
      .toEqual([{ id: 1, text: 'before the crash' }]);

    await primary.kill9();
    expect(primary.isRunning()).toBe(false);
    await expect(primary.query('select 1')).rejects.toThrow();

    await standby.promote();
    expect(await standby.isInRecovery()).toBe(false);
    // The promoted standby inherited synchronous_standby_names naming itself: with no
    // standby of its own, commits would wait forever, so it is cleared as a failover would.
    await standby.query(`alter system reset synchronous_standby_names`);
    await standby.query('select pg_reload_conf()');
    await standby.query(`insert into notes values (2, 'after the promotion')`);
    expect(await standby.query('select id, text from notes order by id')).toEqual([
      { id: 1, text: 'before the crash' }, { id: 2, text: 'after the promotion' },
    ]);
    expect(primary.log()).toContain('database system is ready to accept connections');
  }, 30_000);
});
