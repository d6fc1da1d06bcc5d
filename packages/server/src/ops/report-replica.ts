import { replicationRepository } from '../repositories/replication.repository.js';
import { openPostgres, type DatabaseHandle } from '../db/database.js';

/**
 * A read replica for reports (`REPLICA_DATABASE_URL`, issue 25): a PostgreSQL standby the report
 * calls read from while its lag is within the bound; money calls never use it (they are not given
 * it). The lag is measured from WAL positions, not clocks: every check notes the primary's WAL
 * position with the time, and the lag is the age of the oldest noted position the replica has not
 * replayed yet (0 when it has replayed them all), so an idle primary shows no lag.
 */
export interface ReportReplica {
  /** The replica when it may serve reports now (lag known, within the bound, checked recently); else undefined. */
  forReports(): DatabaseHandle | undefined;
  /** The lag at the last check in seconds; null when unknown (unreachable, or not a standby). */
  lagSeconds(): number | null;
  close(): Promise<void>;
}

/** A WAL position `X/Y` as one number. */
export function walPosition(lsn: string): bigint {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export function openReplica(
  primary: DatabaseHandle,
  url: string,
  opts: { maxLagMs: number; checkMs?: number; log?: (serving: boolean, lagSeconds: number | null) => void },
): ReportReplica {
  const checkMs = opts.checkMs ?? 1000;
  // The primary's bounds: a replica that stops answering must not hold the report calls either.
  const handle = openPostgres(url, 4, primary.bounds);
  const noted: Array<{ at: number; position: bigint }> = [];
  let lagMs: number | null = null;
  let checkedAt = 0;
  let serving = false;
  let closed = false;

  const usable = () => lagMs !== null && lagMs <= opts.maxLagMs && Date.now() - checkedAt <= 3 * checkMs;
  async function check(): Promise<void> {
    const at = Date.now();
    try {
      noted.push({ at, position: walPosition(await replicationRepository.currentWalLsn(primary.db)) });
      if (noted.length > 10_000) noted.shift();
    } catch {
      // The primary does not answer: what was noted still measures the replica.
    }
    try {
      const r = await replicationRepository.replayed(handle.db);
      if (!r.standby || r.lsn === null) throw new Error('not a standby');
      const replayed = walPosition(r.lsn);
      while (noted.length && noted[0]!.position <= replayed) noted.shift();
      lagMs = noted.length ? Date.now() - noted[0]!.at : 0;
      checkedAt = Date.now();
    } catch {
      lagMs = null;
    }
    if (usable() !== serving) opts.log?.((serving = usable()), lagMs === null ? null : lagMs / 1000);
  }
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    if (closed) return;
    void check().finally(() => {
      if (!closed) timer = setTimeout(loop, checkMs).unref();
    });
  };
  loop();

  return {
    forReports: () => (usable() ? handle : undefined),
    lagSeconds: () => (lagMs === null ? null : lagMs / 1000),
    async close() {
      closed = true;
      clearTimeout(timer);
      await handle.close();
    },
  };
}
