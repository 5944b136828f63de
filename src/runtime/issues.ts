// Issues: failures that surface after the 2xx (a runner failing, a delivery exhausted, a transform
// throwing, a sender's signatures failing), grouped per path and failure code, opened at the first
// failure and closed when the same path succeeds again. Failures and successes are noted in memory as
// they happen and written in one store call per second, folded per issue: a storm of failures costs
// one write a second, not one per request. A success costs nothing unless an issue of its path is
// open (the recorder keeps a view of the open ones, refreshed from the store).
import type { Logger } from "pino";
import { metrics } from "../core/metrics.js";
import { issueKey } from "../store/issues.js";
import type {
  IssueChanges,
  IssueFailure,
  IssueKind,
  IssueRecord,
  IssueSuccess,
  Store,
} from "../store/types.js";

/** How often what was noted is written. */
const FLUSH_MS = 1000;
/** How often the view of the open issues is read again (other instances open and close them too). */
const REFRESH_MS = 10_000;
/** Distinct failures noted per flush at most; more within one second are counted into none. */
const MAX_PENDING = 1000;
/**
 * Open verification issues per mapping at most, one per sender address: past it, new addresses fold
 * into the mapping's `*` issue, so that an attacker sending from many addresses cannot grow the store.
 */
export const MAX_ADDRESSES = 20;
/** The address of the issue the addresses past MAX_ADDRESSES fold into. */
export const OTHER_ADDRESSES = "*";

/** A failure as it is noted: one occurrence at `at`. */
export type NotedFailure = Omit<IssueFailure, "count" | "firstAt" | "lastAt"> & { at: number };

export interface IssueRecorderOptions {
  store: Pick<Store, "recordIssues" | "listIssues">;
  log: Logger;
  /** Told what each write opened and closed (the alerts). */
  onChanges?: (changes: IssueChanges) => void;
  flushMs?: number;
}

export class IssueRecorder {
  private failures = new Map<string, IssueFailure>();
  private successes = new Map<string, IssueSuccess>();
  private open: IssueRecord[] = [];
  /** Failures being written: counted like the open issues until the write tells what it opened. */
  private inFlight: IssueFailure[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastRefresh = 0;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly opts: IssueRecorderOptions) {}

  /** Reads the open issues and starts the periodic write. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs ?? FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is noted and stops. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    this.stopped = true;
  }

  /** The open issues as last read or written. */
  openIssues(): readonly IssueRecord[] {
    return this.open;
  }

  /** One failure. Never throws, never waits. */
  failed(noted: NotedFailure): void {
    if (this.stopped) return;
    const { at, ...rest } = noted;
    const failure: IssueFailure = { ...rest, count: 1, firstAt: at, lastAt: at };
    if (failure.address !== undefined) failure.address = this.addressSlot(failure);
    const key = issueKey(failure);
    const earlier = this.failures.get(key);
    if (earlier) {
      earlier.count += 1;
      earlier.lastAt = Math.max(earlier.lastAt, at);
      if (failure.runId !== undefined) earlier.runId = failure.runId;
      if (failure.requestId !== undefined) earlier.requestId = failure.requestId;
      if (failure.message !== undefined) earlier.message = failure.message;
      return;
    }
    if (this.failures.size >= MAX_PENDING) return;
    this.failures.set(key, failure);
  }

  /** The path worked. Noted only when an issue it may close is open or waiting to be written. */
  succeeded(success: IssueSuccess): void {
    if (this.stopped || !this.mayClose(success)) return;
    const key = JSON.stringify([success.subject, success.address ?? null]);
    const earlier = this.successes.get(key);
    if (!earlier || earlier.at < success.at) this.successes.set(key, success);
  }

  /** Writes what was noted since the last write (one at a time). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const failures = [...this.failures.values()];
    const successes = [...this.successes.values()];
    this.failures.clear();
    this.successes.clear();
    this.inFlight = failures;
    try {
      if (failures.length > 0 || successes.length > 0) {
        const changes = await this.opts.store.recordIssues(failures, successes);
        this.apply(changes);
        if (changes.opened.length > 0 || changes.closed.length > 0) {
          for (const i of changes.opened)
            this.opts.log.warn(
              { issue: i.id, kind: i.kind, subject: i.subject, code: i.code },
              "issue opened",
            );
          for (const i of changes.closed)
            this.opts.log.info(
              { issue: i.id, kind: i.kind, subject: i.subject, code: i.code },
              "issue closed",
            );
          this.opts.onChanges?.(changes);
        }
      }
      if (Date.now() - this.lastRefresh >= REFRESH_MS) await this.refresh();
    } catch (err) {
      this.opts.log.warn({ err }, "issues could not be recorded");
    } finally {
      this.inFlight = [];
    }
  }

  private async refresh(): Promise<void> {
    try {
      this.open = await this.opts.store.listIssues({ limit: 10_000, status: "open" });
      this.lastRefresh = Date.now();
      this.count();
    } catch (err) {
      this.opts.log.warn({ err }, "open issues could not be read");
    }
  }

  private apply(changes: IssueChanges): void {
    const closed = new Set(changes.closed.map((i) => i.id));
    this.open = [...changes.opened, ...this.open].filter((i) => !closed.has(i.id));
    this.count();
  }

  private count(): void {
    const kinds: Record<IssueKind, number> = { run: 0, delivery: 0, transform: 0, verification: 0 };
    for (const i of this.open) kinds[i.kind] += 1;
    for (const [kind, n] of Object.entries(kinds)) metrics.issuesOpen.set({ kind }, n);
  }

  /** The address a verification failure counts under: its own, or `*` past the mapping's cap. */
  private addressSlot(f: IssueFailure): string {
    const address = f.address!;
    const same = (i: Pick<IssueFailure, "kind" | "subject" | "code" | "address">) =>
      i.kind === f.kind && i.subject === f.subject && i.code === f.code && i.address !== undefined;
    const taken = new Set<string>();
    for (const i of this.open) if (same(i)) taken.add(i.address!);
    for (const p of this.failures.values()) if (same(p)) taken.add(p.address!);
    for (const p of this.inFlight) if (same(p)) taken.add(p.address!);
    if (taken.has(address)) return address;
    taken.delete(OTHER_ADDRESSES);
    return taken.size >= MAX_ADDRESSES ? OTHER_ADDRESSES : address;
  }

  private mayClose(s: IssueSuccess): boolean {
    const closes = (i: { subject: string; address?: string | undefined }) =>
      i.subject === s.subject &&
      (i.address === undefined ||
        (s.address !== undefined && (i.address === s.address || i.address === OTHER_ADDRESSES)));
    return this.open.some(closes) || [...this.failures.values()].some(closes);
  }
}
