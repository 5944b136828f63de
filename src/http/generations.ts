// Which configuration generation serves, and when an old one may go. A hook request pins the
// generation current when it arrives and keeps it to its last byte, so a reload swaps between requests:
// no request sees half of each. A replaced generation is disposed (its transform workers ended) once
// the last request pinned to it is done. /healthz reads the state of reloads from here.
import type { Generation } from "./generation.js";

/** One request's hold on a generation. */
export interface Lease {
  readonly generation: Generation;
  /** Another hold by the same request (its handler), released separately. */
  retain(): void;
  /** Idempotent per hold. */
  release(): void;
}

/** The outcome of the last reload attempt, for /healthz. */
export interface ReloadAttempt {
  /** Counts every attempt since the start, failed ones too. */
  attempt: number;
  at: Date;
  ok: boolean;
  /** Problems that stopped it (their text is in the log, not here: /healthz answers anyone). */
  errors: number;
}

export interface ConfigHealth {
  generation: number;
  loadedAt: string;
  lastReload?: { attempt: number; at: string; ok: boolean; errors?: number; message?: string };
  /** Settings changed in the config that only a restart applies; the running values stay. */
  needsRestart?: string[];
}

interface Entry {
  generation: Generation;
  requests: number;
  retired: boolean;
  disposed: boolean;
}

export class Generations {
  private live: Entry;
  private readonly draining = new Set<Entry>();
  private idle: (() => void)[] = [];
  private last: ReloadAttempt | undefined;
  private pendingRestart: string[] = [];
  private closed = false;

  constructor(first: Generation) {
    this.live = { generation: first, requests: 0, retired: false, disposed: false };
  }

  get current(): Generation {
    return this.live.generation;
  }

  /** Requests holding the current generation. */
  get pinned(): number {
    return this.live.requests;
  }

  /** Generations replaced but still finishing requests. */
  get drainingCount(): number {
    return this.draining.size;
  }

  pin(): Lease {
    const entry = this.live;
    entry.requests += 1;
    // The request's own holds (its onRequest and its handler); the entry counts requests.
    let holds = 1;
    return {
      generation: entry.generation,
      retain: () => {
        if (holds > 0) holds += 1;
      },
      release: () => {
        if (holds === 0) return;
        holds -= 1;
        if (holds > 0) return;
        entry.requests -= 1;
        if (entry.retired && entry.requests === 0) this.dispose(entry);
      },
    };
  }

  /** Makes `next` current; the replaced generation goes once its requests are done. */
  swap(next: Generation): void {
    if (this.closed) {
      next.dispose();
      return;
    }
    const old = this.live;
    this.live = { generation: next, requests: 0, retired: false, disposed: false };
    old.retired = true;
    if (old.requests === 0) this.dispose(old);
    else this.draining.add(old);
  }

  /** Resolves once no replaced generation is left (each disposed after its last request). */
  drained(): Promise<void> {
    if (this.draining.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Disposes every generation; call after the server stopped taking requests. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const entry of [...this.draining, this.live]) this.dispose(entry);
  }

  /** `needsRestart` is what the file now changes of the restart-only settings; undefined keeps the last list. */
  recordReload(attempt: ReloadAttempt, needsRestart?: string[]): void {
    this.last = attempt;
    if (needsRestart) this.pendingRestart = needsRestart;
  }

  health(): ConfigHealth {
    const { number, loadedAt } = this.live.generation;
    const out: ConfigHealth = { generation: number, loadedAt: loadedAt.toISOString() };
    const last = this.last;
    if (last) {
      out.lastReload = { attempt: last.attempt, at: last.at.toISOString(), ok: last.ok };
      if (!last.ok) {
        out.lastReload.errors = last.errors;
        out.lastReload.message = `the last reload failed with ${last.errors} error${last.errors === 1 ? "" : "s"} (listed in the server log); generation ${number} keeps serving`;
      }
    }
    if (this.pendingRestart.length > 0) out.needsRestart = [...this.pendingRestart];
    return out;
  }

  private dispose(entry: Entry): void {
    this.draining.delete(entry);
    if (!entry.disposed) {
      entry.disposed = true;
      entry.generation.dispose();
    }
    if (this.draining.size === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
}
