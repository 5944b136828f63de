// Group commit: writes submitted while a commit is pending are queued and applied together in ONE
// transaction on the next macrotask, so one flush to disk acknowledges many requests.
// A write that throws is rolled back alone and only its caller sees the error: a batch first runs
// plainly (writes rarely fail, and two statements per write for a savepoint cost more than many a
// write itself); when one throws, the batch is rolled back and run again with each write in its
// own savepoint. So a write's work may run twice: it must only touch the database. Every promise
// settles after the data is on disk.
// Deferred writes (the request log) wait for the next commit instead of causing one: they add no flush
// of their own while accepts keep coming, and commit alone after a while when none come.
//
// Where the flush to disk runs: with a `sync` (the store's WAL file synced on libuv's thread pool,
// see store.ts), COMMIT only writes the transaction to the file and the sync makes it durable off
// the event loop, which meanwhile goes on reading, routing and queueing requests: the disk and the
// CPU work at once. One sync is in flight at a time; writes submitted meanwhile commit together as
// soon as it returns, so each sync covers one transaction and every batch before it. Without a
// `sync`, COMMIT itself flushes (synchronous=FULL) and blocks the loop while the disk works.
import type Database from "better-sqlite3";

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Flushes what was committed so far to disk, off the event loop, and calls back (an error: maybe not). */
export type DurableSync = (done: (error: Error | null) => void) => void;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A committed batch waiting for the sync that makes it durable. */
interface Committed {
  jobs: Job[];
  outcomes: Outcome[];
}

export class GroupCommitter {
  private queue: Job[] = [];
  private deferred: Job[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private deferTimer: NodeJS.Timeout | null = null;
  /** Committed, not yet synced (only with a `sync`). */
  private unsynced: Committed[] = [];
  /** Callers waiting for everything committed so far to be synced. */
  private durableWaiters: Waiter[] = [];
  private syncing = false;
  /** Resolves when the sync in flight returns. */
  private syncDone: Promise<void> = Promise.resolve();
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;
  /** Transactions committed so far (grouped or not); lets tests and benchmarks see the grouping. */
  commits = 0;
  /** Transactions begun so far: what a write runs in is told apart from the one before by it. */
  transactions = 0;

  constructor(
    private readonly db: Database.Database,
    /** false: one transaction per write (the baseline the benchmark compares against). */
    private readonly grouped: boolean,
    /** Makes committed transactions durable off the event loop; none: COMMIT does (synchronous=FULL). */
    private readonly sync?: DurableSync,
    /** Called when writes were undone (a rollback, or one to a savepoint): what was kept of them goes. */
    private readonly rolledBack: () => void = () => {},
  ) {
    this.begin = db.prepare("BEGIN IMMEDIATE");
    this.commit = db.prepare("COMMIT");
    this.rollback = db.prepare("ROLLBACK");
    this.savepoint = db.prepare("SAVEPOINT job");
    this.release = db.prepare("RELEASE job");
    this.rollbackTo = db.prepare("ROLLBACK TO job");
  }

  /** Queues a write; resolves with its result once the transaction holding it is on disk. */
  submit<T>(work: () => T): Promise<T> {
    if (!this.grouped) {
      try {
        return Promise.resolve(this.now(work));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Queues a write that needs no commit of its own: it joins the next one, or commits within
   * `maxWaitMs` when nothing else does (the timer does not keep the process alive).
   */
  defer<T>(work: () => T, maxWaitMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.deferred.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.deferTimer) {
        this.deferTimer = setTimeout(() => {
          this.deferTimer = null;
          // With a sync in flight, the commit after it takes the deferred writes along.
          if (!this.syncing) this.flush();
        }, maxWaitMs);
        this.deferTimer.unref();
      }
    });
  }

  /**
   * Resolves once everything committed so far is on disk: a read that answers a client from what
   * another request wrote (an idempotent replay) must not acknowledge what a crash could still undo.
   */
  durable(): Promise<void> {
    if (!this.syncing && this.unsynced.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.durableWaiters.push({ resolve, reject }));
  }

  /** One write in its own transaction, synchronously: the ungrouped baseline. */
  now<T>(work: () => T): T {
    this.begin.run();
    this.transactions++;
    try {
      const result = work();
      this.commit.run();
      this.commits++;
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.rollback.run();
      this.rolledBack();
      throw err;
    }
  }

  /** Commits what is queued and waits until it and everything before it is on disk (before closing). */
  async close(): Promise<void> {
    for (;;) {
      await this.syncDone;
      if (this.queue.length === 0 && this.deferred.length === 0 && this.unsynced.length === 0) break;
      this.flush();
      if (!this.syncing) this.startSync();
    }
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.deferTimer) clearTimeout(this.deferTimer);
    this.deferTimer = null;
  }

  /** The next commit: on the next macrotask, or after the sync in flight returns. */
  private schedule(): void {
    if (!this.syncing) this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Writes everything queued now in one transaction. */
  private flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.deferTimer) clearTimeout(this.deferTimer);
    this.deferTimer = null;
    const jobs = this.queue.length === 0 ? this.deferred : [...this.queue, ...this.deferred];
    this.queue = [];
    this.deferred = [];
    if (jobs.length === 0) return;

    let outcomes: Outcome[];
    try {
      outcomes = this.runPlainly(jobs) ?? this.runGuarded(jobs);
      this.commit.run();
      this.commits++;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      this.rolledBack();
      for (const job of jobs) job.reject(error);
      return;
    }
    if (!this.sync) {
      settle({ jobs, outcomes }, null);
      return;
    }
    this.unsynced.push({ jobs, outcomes });
    this.startSync();
  }

  /** The batch in one open transaction, or null (rolled back) when a write threw. */
  private runPlainly(jobs: Job[]): Outcome[] | null {
    this.begin.run();
    this.transactions++;
    const outcomes: Outcome[] = [];
    for (const job of jobs) {
      try {
        outcomes.push({ ok: true, value: job.work() });
      } catch {
        if (this.db.inTransaction) this.rollback.run();
        this.rolledBack();
        return null;
      }
    }
    return outcomes;
  }

  /** The batch in one open transaction, each write in a savepoint of its own. */
  private runGuarded(jobs: Job[]): Outcome[] {
    this.begin.run();
    this.transactions++;
    const outcomes: Outcome[] = [];
    for (const job of jobs) {
      this.savepoint.run();
      try {
        const value = job.work();
        this.release.run();
        outcomes.push({ ok: true, value });
      } catch (error) {
        this.rollbackTo.run();
        this.release.run();
        this.rolledBack();
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  /** Syncs every batch committed so far, unless a sync is in flight (its return starts the next). */
  private startSync(): void {
    if (this.syncing || this.unsynced.length === 0 || !this.sync) return;
    const batches = this.unsynced;
    const waiters = this.durableWaiters;
    this.unsynced = [];
    this.durableWaiters = [];
    this.syncing = true;
    this.syncDone = new Promise((resolve) => {
      this.sync!((error) => {
        this.syncing = false;
        // Not known to be on disk: nothing in these batches is acknowledged.
        for (const batch of batches) settle(batch, error);
        if (error) {
          // What a waiter saw may be in these batches, also for one that came during the sync: none of
          // it may be answered as stored.
          for (const waiter of [...waiters, ...this.durableWaiters.splice(0)]) waiter.reject(error);
        } else {
          for (const waiter of waiters) waiter.resolve();
        }
        resolve();
        // Committed meanwhile (a flush while syncing): the next sync; else later waiters are covered.
        if (this.unsynced.length > 0) this.startSync();
        else for (const waiter of this.durableWaiters.splice(0)) waiter.resolve();
        // Deferred writes whose timer ran out during the sync commit now too.
        if (this.queue.length > 0 || (this.deferred.length > 0 && !this.deferTimer)) this.schedule();
      });
    });
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

function settle({ jobs, outcomes }: Committed, syncError: Error | null): void {
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    // A write that failed on its own was rolled back: its own error says more than the sync's.
    if (!outcome.ok) job.reject(outcome.error);
    else if (syncError) job.reject(syncError);
    else job.resolve(outcome.value);
  });
}
