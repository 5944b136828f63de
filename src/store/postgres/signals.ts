// Signals between instances sharing a PostgreSQL store: NOTIFY on one channel per schema, and one
// dedicated LISTEN connection per instance that comes back after it is lost (callers then look for
// work they may have missed; their polling covers the time without it).

import pg from "pg";
import type { Logger } from "pino";
import type { WorkSignal } from "../types.js";

/** Waits before listening again after the connection was lost: doubling from the first to the last. */
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

export interface SignalOptions {
  connection: pg.ClientConfig;
  channel: string;
  instanceId: string;
  log?: Logger;
}

/** `run:<instance id>`: the payload names the sender, so that an instance ignores its own signals. */
export function signalPayload(signal: WorkSignal, instanceId: string): string {
  return `${signal}:${instanceId}`;
}

function parsePayload(payload: string | undefined): { signal: WorkSignal; from: string } | null {
  const m = /^(run|heartbeat):(.*)$/.exec(payload ?? "");
  return m ? { signal: m[1] as WorkSignal, from: m[2]! } : null;
}

/** Listens until the returned function is called; resolves once the first LISTEN is in place. */
export async function listenForSignals(
  opts: SignalOptions,
  onSignal: (signal: WorkSignal) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(opts.connection);
    c.on("notification", (msg) => {
      const parsed = parsePayload(msg.payload);
      if (parsed && parsed.from !== opts.instanceId) onSignal(parsed.signal);
    });
    // After an error the client also ends; reconnecting is the "end" handler's job.
    c.on("error", (err) =>
      opts.log?.warn({ err: err.message }, "the connection listening for work was lost"),
    );
    c.on("end", () => {
      if (client !== c || stopped) return;
      client = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${opts.channel}"`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };

  const schedule = (): void => {
    if (stopped || retry) return;
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
    failures++;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          failures = 0;
          opts.log?.info("listening for work again");
          onGap();
        },
        (err: Error) => {
          opts.log?.warn({ err: err.message, retryInMs: wait }, "cannot listen for work yet");
          schedule();
        },
      );
    }, wait);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
