// The embedded Store on better-sqlite3: WAL (readers never block the writer, so `hookgate runs` works
// while the server runs) and group commit for the request path (see group-commit.ts). A write is
// acknowledged only once it is on disk: with group commit, COMMIT writes the WAL and the committer
// syncs the WAL file on libuv's thread pool before settling (synchronous=NORMAL leaves that sync to
// it; SQLite still syncs around its checkpoints); without it, or where the WAL file cannot be opened,
// synchronous=FULL makes every COMMIT sync before it returns.
import { closeSync, fdatasync, mkdirSync, openSync, statfsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import type { Logger } from "pino";
import { backlogOf } from "../backlog.js";
import { atLeastOne, runsOutcome, wakesOutcome } from "../fan-out.js";
import {
  budgetScope,
  composeWindow,
  dueWindows,
  emptyFlowState,
  type FlowOp,
  FlowPlan,
  type FlowState,
  flowKeysOf,
  hasFlow,
  joinedMessages,
  type RateRow,
  rateFromRow,
  readsItemTimes,
  releasedOf,
  slot,
  type TokenRow,
  tokensFromRow,
  tokensSpent,
  WINDOW_COLUMNS,
  type WindowRow,
  type WindowState,
  windowFromRow,
  windowParams,
  windowSelect,
} from "../flow.js";
import { SharedProbe } from "../health-probe.js";
import { afterPrefix } from "../id-prefix.js";
import { failureColumns, type IssueRow, issueFromRow, issueKey, issueStatusWhere } from "../issues.js";
import { applyPausesSql, notPaused, PAUSE_COLUMNS, type PauseRow, pauseFromRow } from "../pause.js";
import {
  type EventRow,
  eventFromRow,
  type HeartbeatRow,
  heartbeatFromRow,
  type RequestRow,
  RUN_COLUMNS,
  type RunColumns,
  type RunRow,
  requestFromRow,
  runColumns,
  runFromRow,
  runRowOf,
  runValues,
  type TranscriptRow,
  transcriptFromRow,
} from "../rows.js";
import { answerFromText, type RunCallbackRow, refusedOutcome } from "../run-callback-rows.js";
import { repeatOf, storedOutcome } from "../stored-outcome.js";
import type {
  AcceptOutcome,
  AcceptResult,
  Backlog,
  CoalesceRender,
  CoalesceTemplates,
  DeliveryState,
  FlowItem,
  HeartbeatRecord,
  IdempotencyRef,
  IdempotentRepeat,
  IssueChanges,
  IssueFailure,
  IssueRecord,
  IssueSuccess,
  LaneStats,
  LoggedRequest,
  NewHeartbeat,
  NewRun,
  NewWake,
  Pause,
  PruneResult,
  QueueStats,
  RateCount,
  Released,
  RequestLogRecord,
  RequestQuery,
  RetentionPolicy,
  Route,
  RunCallbackAnswer,
  RunCallbackOutcome,
  RunCompletion,
  RunLinks,
  RunPrompt,
  RunRecord,
  RunResult,
  RunStatus,
  Store,
  SystemEvent,
  TokenCount,
  TranscriptMessage,
  WakeMode,
} from "../types.js";
import { Database } from "./driver.js";
import { type DurableSync, GroupCommitter } from "./group-commit.js";
import { migrate, SCHEMA_VERSION, schemaVersion } from "./schema.js";
import { WindowCache } from "./window-cache.js";

export interface SqliteStoreOptions {
  /** Share one commit among accepts arriving together (default true; false = one commit per accept). */
  groupCommit?: boolean;
  log?: Logger;
  /** Open an existing file for reading only (the `events` / `runs` commands). */
  readonly?: boolean;
  /** How long to wait for another process's write lock before failing (default 5000 ms). */
  busyTimeoutMs?: number;
  /** Clock for idempotency expiry (tests). */
  now?: () => number;
}

/** Expired idempotency records are deleted at most this often, by whichever accept comes along. */
const PRUNE_EVERY_MS = 60_000;
/** Whether a run held by its rate is due (held runs are found by the status index). */
const RATE_HELD_DUE_SQL =
  "SELECT 1 FROM runs WHERE status = 'held' AND held_reason IN ('rate', 'budget') AND held_until <= ? LIMIT 1";
const DEFAULT_PENDING_LIMIT = 100;
/** Request log rows wait at most this long for a commit to join before committing alone. */
const REQUEST_LOG_MAX_WAIT_MS = 1000;

/** A new run, queued; positional parameters bind cheaper than named ones (test/bench/README.md). */
const INSERT_RUN = `INSERT INTO runs (${RUN_COLUMNS.join(", ")}, status)
  VALUES (${RUN_COLUMNS.map(() => "?").join(", ")}, 'queued')`;

/**
 * What retention deletes in each table: rows `before` the cut-off time, or older than the newest
 * `keep` rows (by the table's order column), and never pending work. The subselects walk the order
 * column from its oldest end, where the old rows are, and stop after `batch` rows.
 */
const PRUNE_SQL = {
  requests: `DELETE FROM requests WHERE seq IN (SELECT seq FROM requests
      WHERE received_at < @before OR seq <= @requestsFloor ORDER BY seq LIMIT @batch)`,
  events: `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE consumed_at IS NOT NULL
      AND (created_at < @before OR id <= @eventsFloor) ORDER BY id LIMIT @batch)`,
  runs: `DELETE FROM runs WHERE seq IN (SELECT seq FROM runs
      WHERE status NOT IN ('held', 'queued', 'running') AND (delivery_status IS NULL OR delivery_status <> 'pending')
      AND (received_at < @before OR seq <= @runsFloor) ORDER BY seq LIMIT @batch)`,
  transcripts: `DELETE FROM transcripts WHERE id IN (SELECT id FROM transcripts
      WHERE created_at < @before OR id <= @transcriptsFloor ORDER BY id LIMIT @batch)`,
  heartbeats: `DELETE FROM heartbeats WHERE id IN (SELECT id FROM heartbeats
      WHERE finished_at < @before OR id <= @heartbeatsFloor ORDER BY id LIMIT @batch)`,
  // Open issues stay, however old: they are not done with.
  issues: `DELETE FROM issues WHERE id IN (SELECT id FROM issues WHERE closed_at IS NOT NULL
      AND (closed_at < @before OR id <= @issuesFloor) ORDER BY id LIMIT @batch)`,
} as const;

/** The order column of each pruned table, for finding the newest `keep` rows. */
const ORDER_COLUMN = {
  requests: "seq",
  events: "id",
  runs: "seq",
  transcripts: "id",
  heartbeats: "id",
  issues: "id",
};

/** A window's row (one constant text: the statement cache is looked up by it). */
const INSERT_WINDOW_SQL = `INSERT OR REPLACE INTO flow_windows (${WINDOW_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** A window's messages alone, in arrival order (its own statement: it is read plucked). */
const ITEM_MESSAGES_SQL = "SELECT message FROM flow_items WHERE first_item = ? ORDER BY seq";

/** An open coalesce window by its key, with its count of items. */
const WINDOW_BY_KEY_SQL = `SELECT ${windowSelect()} FROM flow_windows w WHERE w.scope = ? AND w.key = ?`;

/** Below this much free space on the store's disk, /healthz reports the store as unable to write. */
const MIN_FREE_BYTES = 1024 * 1024;

/**
 * A LIMIT written into the SQL of a statement every run executes (a run's transcript, a heartbeat's
 * events). SQLite re-prepares a statement whose LIMIT is a bound parameter each time it is bound
 * again (the value may change the plan): that doubled the cost of reading a run's transcript. The
 * limits come from the configuration, so these statements are few.
 */
function limitText(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`not a row limit: ${limit}`);
  return String(limit);
}

/**
 * Runs whose id starts with a prefix, as a range on the unique index of `id`: under SQLite's binary
 * collation text sorts by code point, so every id starting with P lies in [P, P with its last code
 * point raised by one). Exported so that a test can check the plan uses the index.
 */
export const RUNS_BY_ID_PREFIX_SQL = "SELECT * FROM runs WHERE id >= ? AND id < ? ORDER BY id LIMIT ?";
/** The same when P has no upper bound (it ends in U+10FFFF only): every id >= P starts with P. */
const RUNS_FROM_ID_SQL = "SELECT * FROM runs WHERE id >= ? ORDER BY id LIMIT ?";

export class SqliteStore implements Store {
  private handle: BetterSqlite3.Database | null = null;
  private committer: GroupCommitter | null = null;
  /** The WAL file, opened to sync it (group commit only). */
  private walFd: number | null = null;
  private closing: Promise<void> | null = null;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /** Where the claim's columns are in its raw rows (the schema is fixed while the store is open). */
  private claimColumns: RunColumns | undefined;
  private readonly now: () => number;
  private lastPrune = 0;
  private lastFlowPrune = 0;
  /** Open coalesce windows as this connection last wrote them: a join reads nothing (window-cache.ts). */
  private readonly windows = new WindowCache(() => this.stmt("PRAGMA data_version").pluck().get() as number);
  /** Device and inode of the file at open: a file deleted or replaced underneath is not healthy. */
  private identity: { dev: number; ino: number } | null = null;
  private readonly health = new SharedProbe(() => this.probe());

  constructor(
    readonly file: string,
    private readonly opts: SqliteStoreOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Transactions committed since open (group commit makes this smaller than the number of accepts). */
  get commits(): number {
    return this.committer?.commits ?? 0;
  }

  async open(): Promise<void> {
    if (this.handle) return;
    const readonly = this.opts.readonly === true;
    let db: BetterSqlite3.Database;
    try {
      if (!readonly && this.file !== ":memory:") mkdirSync(dirname(this.file), { recursive: true });
      db = new Database(this.file, {
        readonly,
        fileMustExist: readonly,
        timeout: this.opts.busyTimeoutMs ?? 5000,
      });
    } catch (err) {
      throw new Error(`cannot open store ${this.file}: ${(err as Error).message}`);
    }
    try {
      if (readonly) {
        const version = schemaVersion(db);
        if (version > SCHEMA_VERSION) {
          throw new Error(
            `schema version ${version} is newer than this hookgate understands; upgrade hookgate`,
          );
        }
      } else {
        db.pragma("journal_mode = WAL");
        db.pragma("synchronous = FULL");
        migrate(db);
      }
    } catch (err) {
      db.close();
      throw new Error(`cannot open store ${this.file}: ${(err as Error).message}`);
    }
    this.handle = db;
    // A connection's data_version says nothing about what another one left behind.
    this.windows.clear();
    const grouped = this.opts.groupCommit !== false;
    this.committer = new GroupCommitter(
      db,
      grouped,
      grouped && !readonly ? this.walSync(db) : undefined,
      () => this.windows.clear(),
    );
    if (!readonly && this.file !== ":memory:") {
      const st = statSync(this.file);
      this.identity = { dev: st.dev, ino: st.ino };
    }
  }

  /**
   * A sync of the WAL file on the thread pool, with synchronous=NORMAL so that COMMIT leaves it to
   * that; undefined (synchronous=FULL stays) for a store without a WAL file of its own.
   */
  private walSync(db: BetterSqlite3.Database): DurableSync | undefined {
    if (this.file === ":memory:" || db.pragma("journal_mode", { simple: true }) !== "wal") return undefined;
    let fd: number;
    try {
      // The WAL exists once the connection has read in WAL mode (the migration did); the connection
      // keeps it until it closes, and a checkpoint rewrites it in place, so the descriptor stays good.
      fd = openSync(`${this.file}-wal`, "r+");
    } catch {
      return undefined;
    }
    this.walFd = fd;
    db.pragma("synchronous = NORMAL");
    return (done) => fdatasync(fd, (err) => done(err));
  }

  async close(): Promise<void> {
    this.closing ??= this.shut().finally(() => {
      this.closing = null;
    });
    return this.closing;
  }

  private async shut(): Promise<void> {
    if (!this.handle) return;
    await this.committer?.close();
    this.statements.clear();
    this.claimColumns = undefined;
    this.handle.close();
    this.handle = null;
    this.committer = null;
    if (this.walFd !== null) closeSync(this.walFd);
    this.walFd = null;
  }

  async ping(): Promise<boolean> {
    return this.health.answer();
  }

  /** Reads, and for a writable store also checks the file is still there, the disk has room and a write commits. */
  private async probe(): Promise<boolean> {
    try {
      if (this.stmt("SELECT 1 AS ok").get() === undefined) return false;
      if (this.opts.readonly === true || this.file === ":memory:") return true;
      const st = statSync(this.file, { throwIfNoEntry: false });
      if (!st || !this.identity || st.ino !== this.identity.ino || st.dev !== this.identity.dev) return false;
      const fs = statfsSync(dirname(this.file));
      if (fs.bavail * fs.bsize < MIN_FREE_BYTES) return false;
      await this.write().submit(() => {
        this.stmt("INSERT OR REPLACE INTO health (id, checked_at) VALUES (1, ?)").run(this.now());
      });
      return true;
    } catch {
      return false;
    }
  }

  // --- ingress ---

  async acceptWake(wake: NewWake, idem?: IdempotencyRef): Promise<AcceptResult> {
    if (wake.flow) return this.acceptFlowed("wake", [wake], false, idem);
    return this.write().submit(() => {
      const replay = this.replay(idem);
      if (replay) return replay;
      return this.remember(idem, { kind: "wake", mode: wake.mode, event: this.insertWake(wake) });
    });
  }

  async acceptWakes(wakes: NewWake[], idem?: IdempotencyRef): Promise<AcceptResult> {
    atLeastOne(wakes, "acceptWakes");
    if (hasFlow(wakes)) return this.acceptFlowed("wake", wakes, true, idem);
    // One job: its savepoint makes the wakes one unit inside the group's transaction.
    return this.write().submit(() => {
      const replay = this.replay(idem);
      if (replay) return replay;
      const events = wakes.map((w) => this.insertWake(w));
      return this.remember(idem, wakesOutcome(wakes, events));
    });
  }

  /** Coalesces with the newest pending event when the texts are equal, else appends one. */
  private insertWake(wake: NewWake): "queued" | "coalesced" {
    const newest = this.stmt(
      "SELECT id, text FROM events WHERE consumed_at IS NULL ORDER BY id DESC LIMIT 1",
    ).get() as { id: number; text: string } | undefined;
    if (newest && newest.text === wake.text) {
      // A `now` repeat upgrades the pending event so that a restart still gives it a heartbeat.
      this.stmt(
        `UPDATE events SET repeats = repeats + 1, last_at = ?,
           mode = CASE WHEN ? = 'now' THEN 'now' ELSE mode END WHERE id = ?`,
      ).run(wake.receivedAt, wake.mode, newest.id);
      return "coalesced";
    }
    this.insertEvent(wake.text, wake.source, wake.mode, wake.receivedAt);
    return "queued";
  }

  async acceptRun(run: NewRun, idem?: IdempotencyRef): Promise<AcceptResult> {
    if (run.flow) return this.acceptFlowed("run", [run], false, idem);
    return this.write().submit(() => {
      const replay = this.replay(idem);
      if (replay) return replay;
      this.insertRun(run);
      return this.remember(idem, { kind: "run", runId: run.id });
    });
  }

  async acceptRuns(runs: NewRun[], idem?: IdempotencyRef): Promise<AcceptResult> {
    atLeastOne(runs, "acceptRuns");
    if (hasFlow(runs)) return this.acceptFlowed("run", runs, true, idem);
    return this.write().submit(() => {
      const replay = this.replay(idem);
      if (replay) return replay;
      for (const run of runs) this.insertRun(run);
      return this.remember(idem, runsOutcome(runs));
    });
  }

  private insertRun(run: NewRun): void {
    this.stmt(INSERT_RUN).run(...runValues(run));
  }

  /** Wakes or runs of a mapping with flow control: dedupe and coalesce decide what is written. */
  private acceptFlowed(
    kind: "wake" | "run",
    actions: NewWake[] | NewRun[],
    fanOut: boolean,
    idem: IdempotencyRef | undefined,
  ): Promise<AcceptResult> {
    return this.write().submit(() => {
      const replay = this.replay(idem);
      if (replay) return replay;
      const state = this.flowState(actions);
      const plan = new FlowPlan(state);
      if (kind === "run") {
        for (const run of actions as NewRun[]) plan.run(run);
        this.applyFlow(plan.ops);
        this.keepWindows(actions, state);
        const result = this.remember(idem, { kind: "run", ...plan.runsOutcome(fanOut) });
        return plan.queuesRuns() ? result : { ...result, nothingQueued: true as const };
      }
      for (const wake of actions as NewWake[]) plan.wake(wake);
      const events = this.applyFlow(plan.ops);
      this.keepWindows(actions, state);
      return this.remember(idem, {
        kind: "wake",
        ...plan.wakesOutcome(actions as NewWake[], fanOut, events),
      });
    });
  }

  /** The windows and dedupe keys the actions name, as stored (expired keys are left out). */
  private flowState(actions: ReadonlyArray<NewRun | NewWake>): FlowState {
    const keys = flowKeysOf(actions);
    const state = emptyFlowState();
    if (keys.windows.length > 0) this.windows.check(this.write().transactions);
    for (const [scope, key] of keys.windows) {
      const at = slot(scope, key);
      let window = this.windows.get(at);
      if (window === undefined) {
        const row = this.stmt(WINDOW_BY_KEY_SQL).get(scope, key) as WindowRow | undefined;
        window = row ? windowFromRow(row) : null;
      }
      if (window) state.windows.set(at, window);
    }
    // A coalesce join names no other key: none of these statements is looked up for it.
    if (keys.dedupe.length > 0) {
      const dedupe = this.stmt("SELECT expires_at, ref FROM flow_dedupe WHERE scope = ? AND key = ?");
      for (const [scope, key] of keys.dedupe) {
        const row = dedupe.get(scope, key) as { expires_at: number; ref: string | null } | undefined;
        if (row) state.dedupe.set(slot(scope, key), { expiresAt: row.expires_at, ref: row.ref });
      }
    }
    if (keys.rates.length > 0) this.loadRates(state, keys.rates);
    if (keys.tokens.length > 0) this.loadTokens(state, keys.tokens);
    return state;
  }

  /** After a plan's writes: the windows its actions named, as they are now (the plan kept them up). */
  private keepWindows(actions: ReadonlyArray<NewRun | NewWake>, state: FlowState): void {
    for (const { flow } of actions) {
      if (!flow?.coalesce) continue;
      const at = slot(flow.scope, flow.coalesce.key);
      this.windows.set(at, state.windows.get(at) ?? null);
    }
  }

  private loadTokens(state: FlowState, scopes: Iterable<string>): void {
    const select = this.stmt("SELECT per_ms, period_start, tokens FROM flow_tokens WHERE scope = ?");
    for (const scope of scopes) {
      const row = select.get(scope) as TokenRow | undefined;
      state.tokens.set(scope, row ? tokensFromRow(row) : null);
    }
  }

  private loadRates(state: FlowState, scopes: Iterable<string>): void {
    const rate = this.stmt("SELECT period_start, count, held FROM flow_rates WHERE scope = ?");
    for (const scope of scopes) {
      const row = rate.get(scope) as RateRow | undefined;
      state.rates.set(scope, row ? rateFromRow(row) : null);
    }
  }

  /** Applies a plan's writes in order; the event outcome of each ordinary wake, by op index. */
  private applyFlow(ops: readonly FlowOp[]): Map<number, "queued" | "coalesced"> | undefined {
    // Made only for an ordinary wake: a join has none.
    let events: Map<number, "queued" | "coalesced"> | undefined;
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      switch (op.op) {
        case "insert-run":
          this.insertRun(op.run);
          break;
        case "hold-run":
          this.stmt(
            "UPDATE runs SET status = 'held', held_reason = ?, held_until = ?, held_by = ? WHERE id = ?",
          ).run(op.reason, op.until, op.by ?? null, op.runId);
          break;
        case "drop-run":
          this.stmt(
            "UPDATE runs SET status = 'dropped', held_reason = ?, held_until = ?, held_by = ?, finished_at = ? WHERE id = ?",
          ).run(op.reason, op.until, op.by ?? null, this.now(), op.runId);
          break;
        case "put-tokens":
          this.stmt(
            `INSERT INTO flow_tokens (scope, per_ms, period_start, tokens) VALUES (?, ?, ?, ?)
             ON CONFLICT (scope) DO UPDATE SET per_ms = excluded.per_ms`,
          ).run(op.scope, op.tokens.perMs, op.tokens.periodStart, op.tokens.tokens);
          break;
        case "put-rate":
          this.stmt(
            "INSERT OR REPLACE INTO flow_rates (scope, period_start, count, held) VALUES (?, ?, ?, ?)",
          ).run(op.scope, op.rate.periodStart, op.rate.count, op.rate.held ? 1 : 0);
          break;
        case "add-item":
          this.addItem(op.window, op.seq, op.item);
          if (op.runId !== null && op.seq > 0) {
            this.stmt("UPDATE runs SET merged = ? WHERE id = ?").run(op.seq + 1, op.runId);
          }
          break;
        case "end-window":
          this.endWindow(op.window, op.render);
          break;
        case "queue-run":
          this.stmt(
            "UPDATE runs SET status = 'queued', held_reason = NULL, held_until = NULL WHERE id = ? AND status = 'held'",
          ).run(op.runId);
          break;
        case "wake":
          events ??= new Map();
          events.set(i, this.insertWake(op.wake));
          break;
        case "open-window":
          this.stmt(INSERT_WINDOW_SQL).run(...windowParams(op.window));
          break;
        case "window-mode":
          this.stmt("UPDATE flow_windows SET mode = ? WHERE scope = ? AND key = ?").run(
            op.mode,
            op.scope,
            op.key,
          );
          break;
        case "drop-window":
          this.stmt("DELETE FROM flow_windows WHERE scope = ? AND key = ?").run(op.scope, op.key);
          this.windows.forget(slot(op.scope, op.key));
          break;
        case "put-dedupe":
          this.stmt(
            "INSERT OR REPLACE INTO flow_dedupe (scope, key, expires_at, ref) VALUES (?, ?, ?, ?)",
          ).run(op.scope, op.key, op.expiresAt, op.ref);
          break;
      }
    }
    return events;
  }

  /**
   * A window's request, appended to flow_items: the joins of one commit land on the table's last page
   * and a few pages of its small (first_item, seq) index, not on a page per open window. A window's
   * first item is its own first_item: the next rowid, given at once (no item has a larger id).
   */
  private addItem(window: WindowState, seq: number, item: FlowItem): void {
    if (window.firstItem === null) {
      const { lastInsertRowid } = this.stmt(
        `INSERT INTO flow_items (id, first_item, seq, at, message)
         SELECT n, n, ?, ?, ? FROM (SELECT coalesce(max(id), 0) + 1 AS n FROM flow_items)`,
      ).run(seq, item.at, item.message);
      window.firstItem = Number(lastInsertRowid);
      return;
    }
    this.stmt("INSERT INTO flow_items (first_item, seq, at, message) VALUES (?, ?, ?, ?)").run(
      window.firstItem,
      seq,
      item.at,
      item.message,
    );
  }

  /**
   * A window's items become its run's message (the plan then queues, holds or drops the run) or one
   * event; then they are deleted.
   */
  private endWindow(window: WindowState, render: CoalesceRender | undefined): void {
    let message: string;
    let count: number;
    if (readsItemTimes(window, render)) {
      const items = this.stmt("SELECT message, at FROM flow_items WHERE first_item = ? ORDER BY seq").all(
        window.firstItem,
      ) as FlowItem[];
      message = composeWindow(window, items, render);
      count = items.length;
    } else {
      // Without a template or a wrapper the times are not used, and reading them cost a third of the
      // window's end (test/bench/README.md, "A join's own work on the main thread").
      const messages = this.stmt(ITEM_MESSAGES_SQL).pluck().all(window.firstItem) as string[];
      message = joinedMessages(window, messages);
      count = messages.length;
    }
    if (window.kind === "run") {
      this.stmt("UPDATE runs SET message = ?, merged = ? WHERE id = ? AND status = 'held'").run(
        message,
        count > 1 ? count : null,
        window.runId,
      );
    } else {
      this.insertEvent(message, window.source ?? "wake", window.mode ?? "now", window.openedAt);
    }
    this.stmt("DELETE FROM flow_items WHERE first_item = ?").run(window.firstItem);
  }

  async releaseWindows(at: number, templates?: CoalesceTemplates): Promise<Released> {
    // A read first: most polls find nothing due, and need no write transaction.
    const due =
      this.stmt("SELECT 1 FROM flow_windows WHERE closes_at <= ? LIMIT 1").get(at) ??
      this.stmt(RATE_HELD_DUE_SQL).get(at);
    const prune = at - this.lastFlowPrune >= PRUNE_EVERY_MS;
    if (!due && !prune) return { runs: 0, wakes: [] };
    return this.write().submit(() => {
      if (prune) {
        this.lastFlowPrune = at;
        this.stmt("DELETE FROM flow_dedupe WHERE expires_at <= ?").run(at);
      }
      // Runs held by their rate or budget whose period has come: queued in arrival order (the worker
      // claims by seq).
      const started = this.stmt(
        "UPDATE runs SET status = 'queued', held_reason = NULL, held_until = NULL, held_by = NULL WHERE status = 'held' AND held_reason IN ('rate', 'budget') AND held_until <= ?",
      ).run(at).changes;
      const rows = this.stmt(
        `SELECT ${windowSelect()} FROM flow_windows w WHERE w.closes_at <= ? ORDER BY w.opened_at, w.run_id`,
      ).all(at) as WindowRow[];
      const due = dueWindows(rows.map(windowFromRow), templates);
      const windows = due.map((d) => d.window);
      const state = emptyFlowState();
      this.loadRates(state, new Set(windows.filter((w) => w.rate).map((w) => w.scope)));
      this.loadRates(state, new Set(windows.filter((w) => w.budget?.runs).map((w) => budgetScope(w.scope))));
      this.loadTokens(state, new Set(windows.filter((w) => w.budget?.tokens).map((w) => w.scope)));
      const plan = new FlowPlan(state);
      for (const { window, render } of due) plan.release(window, render);
      this.applyFlow(plan.ops);
      return releasedOf(plan, windows, started);
    });
  }

  // --- pauses ---

  async pause(pause: Pause): Promise<void> {
    await this.write().submit(() => {
      this.stmt(`INSERT OR REPLACE INTO pauses (${PAUSE_COLUMNS}) VALUES (?, ?, ?, ?)`).run(
        pause.target,
        pause.until ?? null,
        pause.by,
        pause.at,
      );
    });
  }

  async resume(target: string, at: number): Promise<boolean> {
    return this.write().submit(() => {
      const { changes } = this.stmt("DELETE FROM pauses WHERE target = ?").run(target);
      this.applyPausesNow(at);
      return changes > 0;
    });
  }

  async listPauses(at: number): Promise<Pause[]> {
    const rows = this.stmt(
      `SELECT ${PAUSE_COLUMNS} FROM pauses WHERE ends_at IS NULL OR ends_at > ? ORDER BY target`,
    ).all(at) as PauseRow[];
    return rows.map(pauseFromRow);
  }

  async applyPauses(at: number): Promise<{ pauses: Pause[]; queued: number }> {
    // A read first: without pauses and runs they hold, nothing needs a write transaction.
    const any = this.stmt(
      "SELECT 1 FROM pauses UNION ALL SELECT 1 FROM runs WHERE status = 'held' AND held_reason = 'pause' LIMIT 1",
    ).get();
    if (!any) return { pauses: [], queued: 0 };
    const queued = await this.write().submit(() => this.applyPausesNow(at));
    return { pauses: await this.listPauses(at), queued };
  }

  /** applyPauses inside a write; how many runs were queued. */
  private applyPausesNow(at: number): number {
    const sql = applyPausesSql("", "@at", "IS NOT");
    this.stmt(sql.expire).run({ at });
    const { changes } = this.stmt(sql.queue).run({ at });
    this.stmt(sql.hold).run({ at });
    return changes;
  }

  async findIdempotent(idem: IdempotencyRef): Promise<IdempotentRepeat | null> {
    const earlier = this.lookup(idem, this.now());
    // The first request's record may be committed but not yet synced: answer once it is on disk.
    if (earlier) await this.write().durable();
    return earlier;
  }

  /** Inside an accept transaction: the earlier use of a live key (nothing else is written). */
  private replay(idem: IdempotencyRef | undefined): IdempotentRepeat | null {
    if (!idem) return null;
    const now = this.now();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      this.stmt("DELETE FROM idempotency WHERE expires_at <= ?").run(now);
    }
    return this.lookup(idem, now);
  }

  /** A live key: the first outcome, or a conflict when the body differs from the first. */
  private lookup(idem: IdempotencyRef, now: number): IdempotentRepeat | null {
    const row = this.stmt(
      "SELECT response, fingerprint FROM idempotency WHERE scope = ? AND key = ? AND expires_at > ?",
    ).get(idem.scope, idem.key, now) as { response: string; fingerprint: string | null } | undefined;
    if (!row) return null;
    return repeatOf(idem, { fingerprint: row.fingerprint, outcome: () => storedOutcome(row.response) });
  }

  private remember(idem: IdempotencyRef | undefined, outcome: AcceptOutcome): AcceptResult {
    if (idem) {
      this.stmt(
        "INSERT OR REPLACE INTO idempotency (scope, key, expires_at, response, fingerprint) VALUES (?, ?, ?, ?, ?)",
      ).run(
        idem.scope,
        idem.key,
        this.now() + idem.ttlSeconds * 1000,
        JSON.stringify(outcome),
        idem.fingerprint ?? null,
      );
    }
    return { status: "accepted", outcome };
  }

  // --- main session ---

  async appendEvent(text: string, source: string, mode: WakeMode = "next-heartbeat"): Promise<SystemEvent> {
    const at = this.now();
    const id = await this.write().submit(() => this.insertEvent(text, source, mode, at));
    return { id, text, source, createdAt: at, mode, repeats: 1, lastAt: at };
  }

  private insertEvent(text: string, source: string, mode: WakeMode, at: number): number {
    const info = this.stmt(
      "INSERT INTO events (text, source, mode, created_at, last_at) VALUES (?, ?, ?, ?, ?)",
    ).run(text, source, mode, at, at);
    return Number(info.lastInsertRowid);
  }

  async pendingEvents(limit = DEFAULT_PENDING_LIMIT): Promise<SystemEvent[]> {
    const rows = this.stmt(
      `SELECT * FROM events WHERE consumed_at IS NULL ORDER BY id LIMIT ${limitText(limit)}`,
    ).all();
    return (rows as EventRow[]).map(eventFromRow);
  }

  async consumeEvents(ids: number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.write().submit(() => this.consume(ids, at));
  }

  private consume(ids: number[], at: number): void {
    this.stmt(
      "UPDATE events SET consumed_at = ? WHERE consumed_at IS NULL AND id IN (SELECT value FROM json_each(?))",
    ).run(at, JSON.stringify(ids));
  }

  async listEvents(opts: { limit: number; pendingOnly?: boolean }): Promise<SystemEvent[]> {
    const sql = opts.pendingOnly
      ? "SELECT * FROM events WHERE consumed_at IS NULL ORDER BY id DESC LIMIT ?"
      : "SELECT * FROM events ORDER BY id DESC LIMIT ?";
    return (this.stmt(sql).all(opts.limit) as EventRow[]).map(eventFromRow);
  }

  async getLastRoute(): Promise<Route | null> {
    return this.route("main");
  }

  async setLastRoute(route: Route): Promise<void> {
    const at = this.now();
    const upsert = this.stmt(
      `INSERT INTO routes (key, channel, recipient, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET channel = excluded.channel, recipient = excluded.recipient,
         updated_at = excluded.updated_at`,
    );
    await this.write().submit(() => {
      upsert.run("main", route.channel, route.to, at);
      upsert.run(`channel:${route.channel}`, route.channel, route.to, at);
    });
  }

  async lastRecipient(channel: string): Promise<string | null> {
    return (await this.route(`channel:${channel}`))?.to ?? null;
  }

  private async route(key: string): Promise<Route | null> {
    const row = this.stmt("SELECT channel, recipient FROM routes WHERE key = ?").get(key) as
      | { channel: string; recipient: string }
      | undefined;
    return row ? { channel: row.channel, to: row.recipient } : null;
  }

  // --- sessions ---

  async appendTranscript(sessionKey: string, messages: TranscriptMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.write().submit(() => this.insertTranscript(sessionKey, messages));
  }

  private insertTranscript(sessionKey: string, messages: TranscriptMessage[]): void {
    const insert = this.stmt(
      "INSERT INTO transcripts (session_key, role, content, run_id, created_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const m of messages) insert.run(sessionKey, m.role, m.content, m.runId ?? null, m.createdAt);
  }

  async transcript(sessionKey: string, limit: number): Promise<TranscriptMessage[]> {
    if (limit <= 0) return [];
    const rows = this.stmt(
      `SELECT role, content, run_id, created_at FROM transcripts WHERE session_key = ? ORDER BY id DESC LIMIT ${limitText(limit)}`,
    ).all(sessionKey) as TranscriptRow[];
    return rows.reverse().map(transcriptFromRow);
  }

  // --- runs ---

  async claimRuns(max: number, at: number): Promise<RunRecord[]> {
    if (max <= 0) return [];
    // The oldest queued runs whose lane has room, then each by its seq, in one transaction: one UPDATE
    // with an `IN (SELECT …)` of the same table took twice the time per claimed run (test/bench/README.md).
    const rows = await this.write().submit(() => {
      const running = new Map(
        (
          this.stmt(
            "SELECT lane, count(*) AS n FROM runs WHERE lane IS NOT NULL AND status = 'running' GROUP BY lane",
          ).all() as Array<{ lane: string; n: number }>
        ).map((r) => [r.lane, r.n]),
      );
      // A run whose lane is full is passed over, so that the runs queued behind it are not held up.
      const seqs: number[] = [];
      // Runs of a paused target stay; without pauses the plain select is three times cheaper. A pause
      // whose time is up ends first, so that the runs it held are claimable now.
      const paused = this.stmt("SELECT 1 FROM pauses LIMIT 1").get() !== undefined;
      if (paused && this.stmt("SELECT 1 FROM pauses WHERE ends_at <= ? LIMIT 1").get(at) !== undefined) {
        this.applyPausesNow(at);
      }
      const queued = paused
        ? this.stmt(
            `SELECT seq, lane, lane_limit FROM runs r WHERE status = 'queued' AND ${notPaused("", "@at")} ORDER BY seq`,
          ).iterate({ at })
        : this.stmt("SELECT seq, lane, lane_limit FROM runs WHERE status = 'queued' ORDER BY seq").iterate();
      for (const row of queued as Iterable<{
        seq: number;
        lane: string | null;
        lane_limit: number | null;
      }>) {
        if (row.lane !== null) {
          const n = running.get(row.lane) ?? 0;
          if (n >= (row.lane_limit ?? 1)) continue;
          running.set(row.lane, n + 1);
        }
        seqs.push(row.seq);
        if (seqs.length >= max) break;
      }
      // Raw rows (arrays): see runRowOf.
      const claim = this.stmt(
        "UPDATE runs SET status = 'running', attempts = attempts + 1, started_at = ? WHERE seq = ? RETURNING *",
      ).raw(true);
      this.claimColumns ??= runColumns(claim.columns().map((c) => c.name));
      const columns = this.claimColumns;
      return seqs.map((seq) => runRowOf(claim.get(at, seq) as unknown[], columns));
    });
    return rows.map(runFromRow);
  }

  async startRun(
    id: string,
    info: { resolvedAgentId: string; resolvedModel?: string; prompt: RunPrompt },
  ): Promise<void> {
    await this.write().submit(() =>
      this.stmt("UPDATE runs SET resolved_agent_id = ?, resolved_model = ?, prompt = ? WHERE id = ?").run(
        info.resolvedAgentId,
        info.resolvedModel ?? null,
        JSON.stringify(info.prompt),
        id,
      ),
    );
  }

  async finishRun(id: string, result: RunResult, completion: RunCompletion = {}): Promise<boolean> {
    return this.write().submit(() => {
      // Only a running run finishes: a run can never complete twice. Its session key comes back with
      // it, for the transcript (a SELECT less).
      const finished = this.stmt(
        `UPDATE runs SET status = ?, reply = ?, error = ?, usage = ?,
           resolved_agent_id = COALESCE(?, resolved_agent_id), resolved_model = COALESCE(?, resolved_model),
           prompt = COALESCE(?, prompt), finished_at = ?, delivery = ?, delivery_status = ?, target_id = COALESCE(?, target_id)
         WHERE id = ? AND status = 'running' RETURNING session_key`,
      ).get(
        result.status,
        result.reply ?? null,
        result.error ?? null,
        result.usage ? JSON.stringify(result.usage) : null,
        result.resolvedAgentId ?? null,
        result.resolvedModel ?? null,
        result.prompt ? JSON.stringify(result.prompt) : null,
        result.finishedAt,
        completion.delivery ? JSON.stringify(completion.delivery) : null,
        completion.delivery?.status ?? null,
        result.targetId ?? null,
        id,
      );
      if (finished === undefined) {
        this.opts.log?.warn({ runId: id }, "finishing a run that is not running; ignored");
        return false;
      }
      const spent = tokensSpent(result.usage);
      if (spent > 0) {
        // The mapping's token budget (a row only while it has one): the period is the finish's.
        this.stmt(
          `UPDATE flow_tokens SET
             tokens = CASE WHEN period_start = @at - @at % per_ms THEN tokens + @spent ELSE @spent END,
             period_start = @at - @at % per_ms
           WHERE scope = (SELECT mapping_id FROM runs WHERE id = @id)`,
        ).run({ at: result.finishedAt, spent, id });
      }
      if (completion.transcript?.length) {
        this.insertTranscript((finished as { session_key: string }).session_key, completion.transcript);
      }
      if (completion.event) {
        this.insertEvent(
          completion.event.text,
          completion.event.source,
          completion.event.mode,
          result.finishedAt,
        );
      }
      return true;
    });
  }

  async setDelivery(runId: string, state: DeliveryState): Promise<void> {
    await this.write().submit(() =>
      this.stmt("UPDATE runs SET delivery = ?, delivery_status = ? WHERE id = ?").run(
        JSON.stringify(state),
        state.status,
        runId,
      ),
    );
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const row = this.stmt("SELECT * FROM runs WHERE id = ?").get(id) as RunRow | undefined;
    return row ? runFromRow(row) : null;
  }

  async findRunsByIdPrefix(prefix: string, limit: number): Promise<RunRecord[]> {
    const upper = afterPrefix(prefix);
    const rows =
      upper === undefined
        ? this.stmt(RUNS_FROM_ID_SQL).all(prefix, limit)
        : this.stmt(RUNS_BY_ID_PREFIX_SQL).all(prefix, upper, limit);
    return (rows as RunRow[]).map(runFromRow);
  }

  async findRunsByIdSuffix(suffix: string, limit: number): Promise<RunRecord[]> {
    // substr counts characters from the end when its start is negative, as code points here.
    const rows = this.stmt("SELECT * FROM runs WHERE substr(id, ?) = ? ORDER BY id LIMIT ?").all(
      -[...suffix].length,
      suffix,
      limit,
    );
    return (rows as RunRow[]).map(runFromRow);
  }

  async listRuns(opts: { limit: number; status?: RunStatus; sessionKey?: string }): Promise<RunRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (opts.status) {
      where.push("status = ?");
      params.push(opts.status);
    }
    if (opts.sessionKey) {
      where.push("session_key = ?");
      params.push(opts.sessionKey);
    }
    const sql = `SELECT * FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT ?`;
    return (this.stmt(sql).all(...params, opts.limit) as RunRow[]).map(runFromRow);
  }

  async recoverInterrupted(
    maxAttempts: number,
    at: number,
    failedEvent?: (run: RunRecord) => { text: string; source: string; mode: WakeMode },
  ): Promise<{ requeued: number; failed: number }> {
    return this.write().submit(() => {
      const failedRuns = this.stmt(
        `UPDATE runs SET status = 'failed', error = 'interrupted', finished_at = ?
         WHERE status = 'running' AND attempts >= ? RETURNING *`,
      ).all(at, maxAttempts) as Array<RunRow & { seq: number }>;
      const failed = failedRuns.length;
      if (failedEvent) {
        for (const row of failedRuns.sort((a, b) => a.seq - b.seq)) {
          const event = failedEvent(runFromRow(row));
          this.insertEvent(event.text, event.source, event.mode, at);
        }
      }
      const requeued = this.stmt("UPDATE runs SET status = 'queued' WHERE status = 'running'").run().changes;
      return { requeued, failed };
    });
  }

  async pendingDeliveries(): Promise<RunRecord[]> {
    const rows = this.stmt("SELECT * FROM runs WHERE delivery_status = 'pending' ORDER BY seq").all();
    return (rows as RunRow[]).map(runFromRow);
  }

  // --- heartbeats ---

  async recordHeartbeat(
    heartbeat: NewHeartbeat,
    transcript: TranscriptMessage[] = [],
  ): Promise<HeartbeatRecord> {
    const id = await this.write().submit(() => {
      const info = this.stmt(
        `INSERT INTO heartbeats (reason, status, started_at, finished_at, event_ids, prompt, reply, error, usage, delivery)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        heartbeat.reason,
        heartbeat.status,
        heartbeat.startedAt,
        heartbeat.finishedAt,
        JSON.stringify(heartbeat.eventIds),
        heartbeat.prompt ?? null,
        heartbeat.reply ?? null,
        heartbeat.error ?? null,
        heartbeat.usage ? JSON.stringify(heartbeat.usage) : null,
        heartbeat.delivery ? JSON.stringify(heartbeat.delivery) : null,
      );
      // Events are consumed only by a heartbeat that got a reply; a failed one leaves them pending.
      if (heartbeat.status === "acked" || heartbeat.status === "replied") {
        this.consume(heartbeat.eventIds, heartbeat.finishedAt);
        this.insertTranscript("main", transcript);
      }
      return Number(info.lastInsertRowid);
    });
    return { ...heartbeat, id };
  }

  async setHeartbeatDelivery(id: number, state: DeliveryState): Promise<void> {
    await this.write().submit(() =>
      this.stmt("UPDATE heartbeats SET delivery = ? WHERE id = ?").run(JSON.stringify(state), id),
    );
  }

  async listHeartbeats(limit: number): Promise<HeartbeatRecord[]> {
    const rows = this.stmt("SELECT * FROM heartbeats ORDER BY id DESC LIMIT ?").all(limit) as HeartbeatRow[];
    return rows.map(heartbeatFromRow);
  }

  // --- request log and retention ---

  async logRequests(rows: LoggedRequest[]): Promise<void> {
    if (rows.length === 0) return;
    const insert = this.stmt(
      `INSERT OR IGNORE INTO requests (id, received_at, hook, status, outcome, code, mapping_id, run_id, delivery_id, entry, body)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Positional parameters: ten named ones cost more to bind per logged request (test/bench/README.md).
    await this.write().defer(() => {
      for (const r of rows) {
        insert.run(
          r.id,
          r.receivedAt,
          r.hook,
          r.status,
          r.outcome,
          r.code,
          r.mappingId,
          r.runId,
          r.deliveryId,
          r.entry,
          r.body,
        );
      }
    }, REQUEST_LOG_MAX_WAIT_MS);
  }

  async listRequests(query: RequestQuery): Promise<RequestLogRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (query.beforeSeq !== undefined) add("seq < ?", query.beforeSeq);
    if (query.since !== undefined) add("received_at >= ?", query.since);
    if (query.until !== undefined) add("received_at < ?", query.until);
    if (query.hook !== undefined) add("hook = ?", query.hook);
    if (query.hookContains !== undefined) add("instr(lower(hook), lower(?)) > 0", query.hookContains);
    if (query.mappingId !== undefined) add("mapping_id = ?", query.mappingId);
    if (query.outcome !== undefined) add("outcome = ?", query.outcome);
    if (query.deliveryId !== undefined) add("delivery_id = ?", query.deliveryId);
    if (query.idPrefix !== undefined) {
      const upper = afterPrefix(query.idPrefix);
      add("id >= ?", query.idPrefix);
      if (upper !== undefined) add("id < ?", upper);
    }
    const sql = `SELECT seq, id, entry, body FROM requests ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY seq DESC LIMIT ?`;
    return (this.stmt(sql).all(...params, query.limit) as RequestRow[]).map(requestFromRow);
  }

  async getRequest(id: string): Promise<RequestLogRecord | null> {
    const row = this.stmt("SELECT seq, id, entry, body FROM requests WHERE id = ?").get(id) as
      | RequestRow
      | undefined;
    return row ? requestFromRow(row) : null;
  }

  async prune(policy: RetentionPolicy): Promise<PruneResult> {
    return this.write().submit(() => {
      const params: Record<string, number> = { before: policy.before, batch: policy.batch };
      for (const [table, column] of Object.entries(ORDER_COLUMN)) {
        // The order value of the newest row beyond `keep`: it and everything older go.
        const row = this.stmt(
          `SELECT ${column} AS v FROM ${table} ORDER BY ${column} DESC LIMIT 1 OFFSET ?`,
        ).get(policy.keep) as { v: number } | undefined;
        params[`${table}Floor`] = row?.v ?? -1;
      }
      const deleted = {} as PruneResult["deleted"];
      let more = false;
      for (const [table, sql] of Object.entries(PRUNE_SQL) as [keyof typeof PRUNE_SQL, string][]) {
        const { changes } = this.stmt(sql).run(params);
        deleted[table] = changes;
        if (changes >= policy.batch) more = true;
      }
      // Callback URLs past their expiry by the retention's age answer nothing more.
      this.stmt("DELETE FROM run_callbacks WHERE expires_at < ?").run(policy.before);
      return { deleted, more };
    });
  }

  // --- retries ---

  async retryRuns(retries: Array<{ run: NewRun; retryOf: string }>): Promise<void> {
    if (retries.length === 0) return;
    await this.write().submit(() => {
      for (const { run, retryOf } of retries) {
        this.insertRun(run);
        this.stmt("INSERT INTO run_retries (run_id, retry_of) VALUES (?, ?)").run(run.id, retryOf);
      }
    });
  }

  async runLinks(runId: string): Promise<RunLinks> {
    const of = this.stmt("SELECT retry_of FROM run_retries WHERE run_id = ?").get(runId) as
      | { retry_of: string }
      | undefined;
    const as = this.stmt("SELECT run_id FROM run_retries WHERE retry_of = ? ORDER BY run_id").all(runId) as {
      run_id: string;
    }[];
    return { ...(of && { retryOf: of.retry_of }), retriedAs: as.map((r) => r.run_id) };
  }

  // --- later answers ---

  async openRunCallback(runId: string, tokenDigest: string, expiresAt: number): Promise<void> {
    await this.write().submit(() =>
      this.stmt(
        `INSERT INTO run_callbacks (run_id, digests, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET digests = digests || ' ' || excluded.digests,
           expires_at = max(expires_at, excluded.expires_at)`,
      ).run(runId, tokenDigest, expiresAt),
    );
  }

  async answerRunCallback(
    runId: string,
    tokenDigest: string,
    answer: RunCallbackAnswer,
    at: number,
  ): Promise<RunCallbackOutcome> {
    return this.write().submit(() => {
      const { changes } = this.stmt(
        `UPDATE run_callbacks SET answer = ?, answered_at = ?
         WHERE run_id = ? AND answer IS NULL AND expires_at > ? AND instr(' ' || digests || ' ', ?) > 0`,
      ).run(JSON.stringify(answer), at, runId, at, ` ${tokenDigest} `);
      if (changes === 1) return "answered";
      const row = this.stmt("SELECT digests, expires_at, answer FROM run_callbacks WHERE run_id = ?").get(
        runId,
      ) as RunCallbackRow | undefined;
      return refusedOutcome(row, tokenDigest, at);
    });
  }

  async runCallbackAnswer(runId: string): Promise<RunCallbackAnswer | null> {
    const row = this.stmt("SELECT answer FROM run_callbacks WHERE run_id = ?").get(runId) as
      | { answer: string | null }
      | undefined;
    return answerFromText(row?.answer);
  }

  async closeRunCallback(runId: string): Promise<void> {
    await this.write().submit(() => this.stmt("DELETE FROM run_callbacks WHERE run_id = ?").run(runId));
  }

  // --- issues ---

  async recordIssues(failures: IssueFailure[], successes: IssueSuccess[]): Promise<IssueChanges> {
    if (failures.length === 0 && successes.length === 0) return { opened: [], closed: [] };
    return this.write().submit(() => {
      const opened: IssueRecord[] = [];
      for (const f of failures) {
        const counted = this.stmt(
          `UPDATE issues SET count = count + ?, last_seen = max(last_seen, ?),
             example_run_id = coalesce(?, example_run_id), example_request_id = coalesce(?, example_request_id),
             message = coalesce(?, message)
           WHERE key = ? AND closed_at IS NULL`,
        ).run(f.count, f.lastAt, f.runId ?? null, f.requestId ?? null, f.message ?? null, issueKey(f));
        if (counted.changes > 0) continue;
        const row = this.stmt(
          `INSERT INTO issues (key, kind, subject, code, address, count, first_seen, last_seen,
             example_run_id, example_request_id, message)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        ).get(...failureColumns(f)) as IssueRow;
        opened.push(issueFromRow(row));
      }
      const closed: IssueRecord[] = [];
      for (const s of successes) {
        const rows = (
          s.address === undefined
            ? this.stmt(
                `UPDATE issues SET closed_at = ? WHERE closed_at IS NULL AND subject = ? AND address IS NULL
                   AND last_seen <= ? RETURNING *`,
              ).all(s.at, s.subject, s.at)
            : this.stmt(
                `UPDATE issues SET closed_at = ? WHERE closed_at IS NULL AND subject = ?
                   AND (address IS NULL OR address = ? OR address = '*') AND last_seen <= ? RETURNING *`,
              ).all(s.at, s.subject, s.address, s.at)
        ) as IssueRow[];
        closed.push(...rows.map(issueFromRow));
      }
      return { opened, closed };
    });
  }

  async listIssues(query: { limit: number; status?: "open" | "closed" }): Promise<IssueRecord[]> {
    const where = issueStatusWhere(query.status);
    const rows = this.stmt(`SELECT * FROM issues ${where} ORDER BY id DESC LIMIT ?`).all(
      query.limit,
    ) as IssueRow[];
    return rows.map(issueFromRow);
  }

  async getIssue(id: number): Promise<IssueRecord | null> {
    const row = this.stmt("SELECT * FROM issues WHERE id = ?").get(id) as IssueRow | undefined;
    return row ? issueFromRow(row) : null;
  }

  async tokenCounts(scopes: readonly string[]): Promise<Map<string, TokenCount>> {
    const out = new Map<string, TokenCount>();
    const select = this.stmt("SELECT per_ms, period_start, tokens FROM flow_tokens WHERE scope = ?");
    for (const scope of scopes) {
      const row = select.get(scope) as TokenRow | undefined;
      if (row) out.set(scope, tokensFromRow(row));
    }
    return out;
  }

  async rateCounts(scopes: readonly string[]): Promise<Map<string, RateCount>> {
    const out = new Map<string, RateCount>();
    const select = this.stmt("SELECT period_start, count, held FROM flow_rates WHERE scope = ?");
    for (const scope of scopes) {
      const row = select.get(scope) as RateRow | undefined;
      if (row) out.set(scope, rateFromRow(row));
    }
    return out;
  }

  async queueStats(): Promise<QueueStats> {
    const runs = this.stmt(
      "SELECT status, count(*) AS n FROM runs WHERE status IN ('held', 'queued', 'running') GROUP BY status",
    ).all() as { status: string; n: number }[];
    const count = (sql: string) => (this.stmt(sql).get() as { n: number }).n;
    return {
      runsQueued: runs.find((r) => r.status === "queued")?.n ?? 0,
      runsHeld: runs.find((r) => r.status === "held")?.n ?? 0,
      runsPaused: count("SELECT count(*) AS n FROM runs WHERE status = 'held' AND held_reason = 'pause'"),
      runsRunning: runs.find((r) => r.status === "running")?.n ?? 0,
      deliveriesPending: count("SELECT count(*) AS n FROM runs WHERE delivery_status = 'pending'"),
      eventsPending: count("SELECT count(*) AS n FROM events WHERE consumed_at IS NULL"),
    };
  }

  async backlog(): Promise<Backlog> {
    const rows = this.stmt(
      "SELECT status, count(*) AS n, min(received_at) AS oldest FROM runs WHERE status IN ('queued', 'held') GROUP BY status",
    ).all() as { status: string; n: number; oldest: number }[];
    return backlogOf(rows);
  }

  async laneStats(): Promise<LaneStats[]> {
    return this.stmt(
      `SELECT lane, sum(status = 'running') AS running, sum(status = 'queued') AS queued FROM runs
       WHERE lane IS NOT NULL AND status IN ('queued', 'running') GROUP BY lane ORDER BY lane`,
    ).all() as LaneStats[];
  }

  // --- plumbing ---

  private db(): BetterSqlite3.Database {
    if (!this.handle) throw new Error(`store ${this.file} is not open`);
    return this.handle;
  }

  private write(): GroupCommitter {
    this.db();
    return this.committer!;
  }

  /** Statements are compiled once per connection and reused. */
  private stmt(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db().prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
