// What every part of the store contract (../contract.ts) uses: how it opens stores, and the records
// it stores.
import type { AcceptOutcome, NewRun, NewWake, RequestLogEntry, Store } from "../../../src/store/types.js";

/**
 * Opens a store: empty at the first call of each test, and every further call within the same test
 * opens another handle on the same data (as a second process, or a second instance, would). `now`
 * replaces the clock where the test moves time.
 */
export type StoreFactory = (opts?: { now?: () => number }) => Promise<Store>;

export const wake = (text: string, mode: NewWake["mode"] = "now"): NewWake => ({
  text,
  mode,
  source: "wake",
  receivedAt: 1000,
});
export const run = (id: string, over: Partial<NewRun> = {}): NewRun => ({
  id,
  name: "GitHub",
  message: `message of ${id}`,
  sessionKey: `hook:${id}`,
  wakeMode: "now",
  deliver: true,
  channel: "last",
  receivedAt: 1000,
  ...over,
});
export const ran = (runId: string): AcceptOutcome => ({ kind: "run", runId });

export const logged = (id: string, over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  id,
  receivedAt: 1000,
  method: "POST",
  hook: "github",
  query: {},
  client: "127.0.0.1",
  headers: { "content-type": "application/json" },
  removedHeaders: ["authorization"],
  body: new TextEncoder().encode('{"action":"opened"}'),
  bodyBytes: 19,
  bodyCut: false,
  status: 202,
  outcome: "agent",
  mappingId: "gh",
  runId: `run-${id}`,
  decision: { kind: "agent", action: { message: "m" }, verdict: { sessionKey: "hook:x", channel: "last" } },
  timings: { totalMs: 1.5, decideMs: 0.2 },
  ...over,
});

export interface ContractOptions {
  /**
   * Leaves the data as if the process that holds `store`'s work died this instant (a shared store
   * leases claimed runs to the claiming instance; the embedded one needs nothing).
   */
  crash?: (store: Store) => Promise<void>;
}

/** What each part of the contract gets: the implementation's name and how to open and crash a store. */
export interface ContractContext {
  name: string;
  /** A handle on the test's store (the first call of a test: an empty one); closed after the test. */
  openStore: (opts?: { now?: () => number }) => Promise<Store>;
  crash: (store: Store) => Promise<void>;
}
