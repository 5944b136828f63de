// Group commit: writes submitted while a commit is pending are queued and applied together in ONE
// transaction on the next macrotask, so one fsync (synchronous=FULL) acknowledges many requests.
// Each write runs inside its own savepoint: a write that throws is rolled back alone and only its
// caller sees the error. Every promise settles after COMMIT returned, i.e. after the data is on disk.
// Deferred writes (the request log) wait for the next commit instead of causing one: they add no fsync
// of their own while accepts keep coming, and commit alone after a while when none come.
import type Database from "better-sqlite3";

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitter {
  private queue: Job[] = [];
  private deferred: Job[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private deferTimer: NodeJS.Timeout | null = null;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;
  /** Transactions committed so far (grouped or not); lets tests and benchmarks see the grouping. */
  commits = 0;

  constructor(
    private readonly db: Database.Database,
    /** false: one transaction per write (the baseline the benchmark compares against). */
    private readonly grouped: boolean,
  ) {
    this.begin = db.prepare("BEGIN IMMEDIATE");
    this.commit = db.prepare("COMMIT");
    this.rollback = db.prepare("ROLLBACK");
    this.savepoint = db.prepare("SAVEPOINT job");
    this.release = db.prepare("RELEASE job");
    this.rollbackTo = db.prepare("ROLLBACK TO job");
  }

  /** Queues a write; resolves with its result once the transaction holding it is committed. */
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
      this.scheduled ??= setImmediate(() => this.flush());
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
          this.flush();
        }, maxWaitMs);
        this.deferTimer.unref();
      }
    });
  }

  /** One write in its own transaction, synchronously: the ungrouped baseline. */
  now<T>(work: () => T): T {
    this.begin.run();
    try {
      const result = work();
      this.commit.run();
      this.commits++;
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.rollback.run();
      throw err;
    }
  }

  /** Writes everything queued now (also called by close so that nothing queued is dropped). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.deferTimer) clearTimeout(this.deferTimer);
    this.deferTimer = null;
    const jobs = this.queue.length === 0 ? this.deferred : [...this.queue, ...this.deferred];
    this.queue = [];
    this.deferred = [];
    if (jobs.length === 0) return;

    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.begin.run();
      for (const job of jobs) {
        this.savepoint.run();
        try {
          const value = job.work();
          this.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          this.rollbackTo.run();
          this.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      this.commit.run();
      this.commits++;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}
