// Retention: every retention.pruneEvery (and once at start) the store deletes what the policy no
// longer keeps, a batch per table at a time, yielding to other work between batches so that a long
// backlog never holds the event loop (SQLite deletes run on the main thread).
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { metrics } from "../core/metrics.js";
import type { PruneResult, Store } from "../store/types.js";

/** Rows deleted per table per store call. */
const BATCH = 2000;

export interface Retention {
  /** Prunes now; resolves with the rows deleted per table. */
  pruneNow(): Promise<PruneResult["deleted"]>;
  stop(): Promise<void>;
}

export function startRetention(
  store: Store,
  policy: ResolvedConfig["retention"],
  log: Logger,
  now: () => number = Date.now,
): Retention {
  let running: Promise<PruneResult["deleted"]> | null = null;
  let stopped = false;

  const prune = async (): Promise<PruneResult["deleted"]> => {
    const total = { requests: 0, events: 0, runs: 0, transcripts: 0, heartbeats: 0, issues: 0 };
    const before = policy.maxAgeMs > 0 ? now() - policy.maxAgeMs : 0;
    const keep = policy.maxRows > 0 ? policy.maxRows : Number.MAX_SAFE_INTEGER;
    for (;;) {
      const { deleted, more } = await store.prune({ before, keep, batch: BATCH });
      for (const [table, n] of Object.entries(deleted) as [keyof typeof total, number][]) {
        total[table] += n;
        if (n > 0) metrics.pruned.inc({ table }, n);
      }
      if (!more || stopped) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (Object.values(total).some((n) => n > 0)) log.info({ deleted: total }, "retention pruned old rows");
    return total;
  };

  const pruneNow = () => {
    running ??= prune().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    pruneNow().catch((err: unknown) => log.warn({ err }, "retention pruning failed; tried again later"));
  };
  const timer = setInterval(tick, policy.pruneEveryMs);
  timer.unref();
  setImmediate(tick);

  return {
    pruneNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
