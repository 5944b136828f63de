// The coalesce windows this connection last read or wrote, by slot (null: none open), so that a join
// need not read its window back: it is the only statement a join would read. It stays true because
// SQLite lets one connection write at a time and `PRAGMA data_version` tells when another one (another
// process on the file: `hookgate pause`, `runs retry`) committed meanwhile, which empties it. A rollback
// empties it too: a write's work may be undone, or run twice (group-commit.ts).
import type { WindowState } from "../flow.js";

/** Past this many slots the cache starts over (each open window keeps one; ended ones are forgotten). */
const MAX_SLOTS = 10_000;

export class WindowCache {
  private readonly slots = new Map<string, WindowState | null>();
  private version: number | undefined;
  /** The transaction the version was read in: no other connection commits while it lasts. */
  private checkedIn: number | undefined;

  /** `dataVersion`: the connection's `PRAGMA data_version` (a few µs: read once per transaction). */
  constructor(private readonly dataVersion: () => number) {}

  /**
   * Inside write transaction number `transaction`: forgets everything when another connection
   * committed since the last transaction that looked.
   */
  check(transaction: number): void {
    if (transaction === this.checkedIn) return;
    this.checkedIn = transaction;
    const version = this.dataVersion();
    if (version !== this.version) this.slots.clear();
    this.version = version;
  }

  /** The window of a slot as last written (null: none), or undefined when not known. */
  get(slot: string): WindowState | null | undefined {
    return this.slots.get(slot);
  }

  /** Kept as it is: the plan that changes it later does so inside a write, which a rollback undoes here too. */
  set(slot: string, window: WindowState | null): void {
    if (this.slots.size >= MAX_SLOTS && !this.slots.has(slot)) this.slots.clear();
    this.slots.set(slot, window);
  }

  forget(slot: string): void {
    this.slots.delete(slot);
  }

  clear(): void {
    this.slots.clear();
    this.version = undefined;
    this.checkedIn = undefined;
  }
}
