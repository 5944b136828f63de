// The Store on PostgreSQL, shared by every hookgate instance that names the same database and
// schema. Accepts are group-committed (accept.ts) and acknowledged only after COMMIT. Runs are
// claimed with FOR UPDATE SKIP LOCKED and leased to the claiming instance, which renews the leases
// of what it holds; a run whose lease ran out (its instance died) is taken back by
// recoverInterrupted on any instance. Times that decide between instances (leases) are read from
// the database's clock; record times come from the caller as in the SQLite store.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import type { PostgresStoreConfig } from "../../config/types.js";
import { backlogOf } from "../backlog.js";
import { atLeastOne } from "../fan-out.js";
import { hasFlow, type RateRow, rateFromRow, type TokenRow, tokensFromRow, tokensSpent } from "../flow.js";
import { SharedProbe } from "../health-probe.js";
import { afterPrefix } from "../id-prefix.js";
import { failureColumns, type IssueRow, issueFromRow, issueStatusWhere } from "../issues.js";
import { applyPausesSql, notPaused, PAUSE_COLUMNS, type PauseRow, pauseFromRow } from "../pause.js";
import {
  type EventRow,
  eventFromRow,
  type HeartbeatRow,
  heartbeatFromRow,
  type RequestRow,
  type RunRow,
  requestFromRow,
  runFromRow,
  type TranscriptRow,
  transcriptFromRow,
} from "../rows.js";
import { answerFromText, type RunCallbackRow, refusedOutcome } from "../run-callback-rows.js";
import { repeatOf, storedOutcome } from "../stored-outcome.js";
import type {
  AcceptResult,
  Backlog,
  CoalesceTemplates,
  DeliveryState,
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
  SharedStore,
  Store,
  SystemEvent,
  TokenCount,
  TranscriptMessage,
  WakeMode,
  WorkSignal,
} from "../types.js";
import { AcceptBatcher, insertRunsStatement } from "./accept.js";
import { PgAuthFailureCounts } from "./auth-failures.js";
import {
  connectionConfig,
  describeDatabase,
  inTransaction,
  isRetryable,
  pgText,
  quoteIdent,
} from "./connect.js";
import { acceptFlowed, type FlowAcceptContext, releaseDue } from "./flow-accept.js";
import { appliedVersion, migratePg, PG_SCHEMA_VERSION } from "./schema.js";
import { checkSchemaName } from "./schema-name.js";
import { listenForSignals, signalPayload } from "./signals.js";

export interface PostgresStoreOptions {
  /** Share one commit among accepts arriving together (default true; false = one commit per accept). */
  groupCommit?: boolean;
  log?: Logger;
  /** Read only, as `hookgate events` / `runs` do: no migrations, no leases, a small pool. */
  readonly?: boolean;
  /** Clock for record times and idempotency expiry (tests). Leases use the database's clock. */
  now?: () => number;
}

/** The database's clock in epoch milliseconds: every instance's leases are measured on it. */
const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
/** Expired idempotency records are deleted at most this often, by whichever accept comes along. */
const PRUNE_EVERY_MS = 60_000;
/** Class of the transaction-scoped advisory locks of lanes, one per (schema, lane). */
const LANE_LOCKS = 0x686b6c;
const DEFAULT_PENDING_LIMIT = 100;

/**
 * What retention deletes in each table: rows older than the cut-off or beyond the newest `keep` (by
 * the order column), and never pending work (`done` holds only for finished rows).
 */
const PRUNED = {
  requests: { order: "seq", done: "" },
  events: { order: "id", done: "consumed_at IS NOT NULL" },
  runs: {
    order: "seq",
    done: "status NOT IN ('held', 'queued', 'running') AND (delivery_status IS NULL OR delivery_status <> 'pending')",
  },
  transcripts: { order: "id", done: "" },
  heartbeats: { order: "id", done: "" },
  // Open issues stay, however old: they are not done with.
  issues: { order: "id", done: "closed_at IS NOT NULL" },
} as const;

/** The time column retention's age cut-off reads in each table. */
const PRUNED_TIME: Record<keyof typeof PRUNED, string> = {
  requests: "received_at",
  events: "created_at",
  runs: "received_at",
  transcripts: "created_at",
  heartbeats: "finished_at",
  issues: "closed_at",
};

/** count(*) is bigint, read as a number (connect.ts). */
interface QueueStatsRow {
  runs_queued: number;
  runs_held: number;
  runs_paused: number;
  runs_running: number;
  deliveries_pending: number;
  events_pending: number;
}

/** Thrown by a read-only open when the schema holds no hookgate tables yet. */
export class MissingSchemaError extends Error {}

export class PostgresStore implements Store {
  readonly shared: SharedStore;
  private handle: pg.Pool | null = null;
  private batcher: AcceptBatcher | null = null;
  private readonly s: string;
  private readonly now: () => number;
  private readonly instanceId = randomUUID();
  private readonly leaseMs: number;
  /** Runs this instance holds (running, or with a delivery it is sending): their leases are renewed. */
  private readonly leased = new Set<string>();
  private renewTimer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private lastPrune = 0;
  private lastFlowPrune = 0;
  private readonly health = new SharedProbe(() => this.probe());
  private begin = "BEGIN";

  constructor(
    readonly config: PostgresStoreConfig,
    private readonly opts: PostgresStoreOptions = {},
  ) {
    // Part of SQL text and of the NOTIFY channel's name: only names the config accepts.
    checkSchemaName(config.schema, "store.schema");
    this.s = quoteIdent(config.schema);
    this.now = opts.now ?? Date.now;
    this.leaseMs = config.leaseSeconds * 1000;
    const auth = new PgAuthFailureCounts(() => this.pool(), this.s);
    this.shared = {
      instanceId: this.instanceId,
      authFailures: auth,
      listen: (onSignal, onGap) =>
        listenForSignals(
          {
            connection: connectionConfig(config, 1),
            channel: this.channel,
            instanceId: this.instanceId,
            ...(opts.log ? { log: opts.log } : {}),
          },
          onSignal,
          onGap,
        ),
      signal: (signal) => this.signal(signal),
      holdLease: (name, ttlMs) => this.holdLease(name, ttlMs),
      releaseLease: (name) => this.releaseLease(name),
    };
  }

  /** `postgres://user@host:port/db (schema s)`, without the password, for messages. */
  get where(): string {
    return `${describeDatabase(this.config.url)} (schema ${this.config.schema})`;
  }

  /** Accept transactions committed since open (group commit makes this smaller than the number of accepts). */
  get commits(): number {
    return this.batcher?.commits ?? 0;
  }

  /** The NOTIFY channel of this schema's instances. */
  private get channel(): string {
    return `hookgate_${this.config.schema}`;
  }

  async open(): Promise<void> {
    if (this.handle) return;
    const readonly = this.opts.readonly === true;
    const pool = new pg.Pool(connectionConfig(this.config, readonly ? 2 : this.config.poolSize));
    // An idle connection that breaks (a server restart) must not take the process down.
    pool.on("error", (err) => this.opts.log?.warn({ err: err.message }, "a PostgreSQL connection was lost"));
    try {
      const client = await pool.connect();
      try {
        if (readonly) {
          const version = await appliedVersion(client, this.config.schema);
          if (version === 0) throw new MissingSchemaError(`no hookgate tables in ${this.where} yet`);
          if (version > PG_SCHEMA_VERSION) {
            throw new Error(
              `schema version ${version} is newer than this hookgate understands; upgrade hookgate`,
            );
          }
        } else {
          await migratePg(client, this.config.schema);
          // Acknowledging means durable: with synchronous_commit off, accepts turn it back on.
          const sync = await client.query<{ synchronous_commit: string }>("SHOW synchronous_commit");
          if (sync.rows[0]?.synchronous_commit === "off")
            this.begin = "BEGIN; SET LOCAL synchronous_commit TO on";
        }
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end().catch(() => {});
      if (err instanceof MissingSchemaError) throw err;
      throw new Error(`cannot open store ${this.where}: ${(err as Error).message}`);
    }
    this.handle = pool;
    this.batcher = new AcceptBatcher({
      pool,
      schema: this.s,
      grouped: this.opts.groupCommit !== false,
      now: this.now,
      begin: this.begin,
      notify: { channel: this.channel, payload: (signal) => signalPayload(signal, this.instanceId) },
      ...(this.opts.log ? { log: this.opts.log } : {}),
    });
    if (!readonly) {
      this.renewTimer = setInterval(() => this.renewLeases(), Math.max(500, Math.floor(this.leaseMs / 3)));
      this.renewTimer.unref();
    }
  }

  async close(): Promise<void> {
    const pool = this.handle;
    if (!pool) return;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    await this.batcher?.flush();
    await this.renewing;
    if (this.opts.readonly !== true) {
      // What this instance still holds goes back at once instead of when its leases run out: runs cut
      // off by the stop are queued again, replies not yet sent wait for the next instance.
      await pool
        .query(
          `UPDATE ${this.s}.runs SET status = CASE WHEN status = 'running' THEN 'queued' ELSE status END,
             lease_owner = NULL, lease_until = NULL
           WHERE lease_owner = $1`,
          [this.instanceId],
        )
        .then(async (released) => {
          await pool.query(`DELETE FROM ${this.s}.leases WHERE owner = $1`, [this.instanceId]);
          if ((released.rowCount ?? 0) > 0) await this.signal("run").catch(() => {});
        })
        .catch((err: Error) =>
          this.opts.log?.warn(
            { err: err.message },
            "could not hand back leased runs; their leases run out instead",
          ),
        );
    }
    this.leased.clear();
    this.handle = null;
    this.batcher = null;
    await pool.end();
  }

  async ping(): Promise<boolean> {
    return this.health.answer();
  }

  /** A write that commits: a read-only replica or a full disk answers false. */
  private async probe(): Promise<boolean> {
    try {
      if (this.opts.readonly === true) {
        await this.pool().query("SELECT 1");
        return true;
      }
      await this.pool().query(
        `INSERT INTO ${this.s}.health (id, checked_at) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
        [this.now()],
      );
      return true;
    } catch {
      return false;
    }
  }

  // --- ingress ---

  async acceptWake(wake: NewWake, idem?: IdempotencyRef): Promise<AcceptResult> {
    this.pruneIdempotency();
    if (wake.flow) return this.flowed((ctx) => acceptFlowed(ctx, "wake", [wake], false, idem));
    return this.accepts().submit({ kind: "wake", wakes: [wake], ...(idem ? { idem } : {}) });
  }

  async acceptRun(run: NewRun, idem?: IdempotencyRef): Promise<AcceptResult> {
    this.pruneIdempotency();
    if (run.flow) return this.flowed((ctx) => acceptFlowed(ctx, "run", [run], false, idem));
    return this.accepts().submit({ kind: "run", runs: [run], ...(idem ? { idem } : {}) });
  }

  async acceptWakes(wakes: NewWake[], idem?: IdempotencyRef): Promise<AcceptResult> {
    atLeastOne(wakes, "acceptWakes");
    this.pruneIdempotency();
    if (hasFlow(wakes)) return this.flowed((ctx) => acceptFlowed(ctx, "wake", wakes, true, idem));
    return this.accepts().submit({ kind: "wake", wakes, fanOut: true, ...(idem ? { idem } : {}) });
  }

  async acceptRuns(runs: NewRun[], idem?: IdempotencyRef): Promise<AcceptResult> {
    atLeastOne(runs, "acceptRuns");
    this.pruneIdempotency();
    if (hasFlow(runs)) return this.flowed((ctx) => acceptFlowed(ctx, "run", runs, true, idem));
    return this.accepts().submit({ kind: "run", runs, fanOut: true, ...(idem ? { idem } : {}) });
  }

  /** A transaction of flow control (accept or release), outside the group commit. */
  private flowed<T>(work: (ctx: FlowAcceptContext) => Promise<T>): Promise<T> {
    return inTransaction(
      this.pool(),
      (client) =>
        work({
          client,
          s: this.s,
          now: this.now(),
          notify: async (signals) => {
            await client.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", [
              this.channel,
              signals.map((signal) => signalPayload(signal, this.instanceId)),
            ]);
          },
        }),
      this.begin,
    );
  }

  async releaseWindows(at: number, templates?: CoalesceTemplates): Promise<Released> {
    const now = this.now();
    if (now - this.lastFlowPrune >= PRUNE_EVERY_MS) {
      this.lastFlowPrune = now;
      await this.pool().query(`DELETE FROM ${this.s}.flow_dedupe WHERE expires_at <= $1`, [at]);
    }
    const due = await this.pool().query(
      `SELECT 1 FROM ${this.s}.flow_windows WHERE closes_at <= $1
       UNION ALL (SELECT 1 FROM ${this.s}.runs WHERE status = 'held' AND held_reason IN ('rate', 'budget') AND held_until <= $1)
       LIMIT 1`,
      [at],
    );
    if (due.rowCount === 0) return { runs: 0, wakes: [] };
    return this.flowed((ctx) => releaseDue(ctx, at, templates));
  }

  // --- pauses ---

  async pause(pause: Pause): Promise<void> {
    await this.pool().query(
      `INSERT INTO ${this.s}.pauses (${PAUSE_COLUMNS}) VALUES ($1, $2, $3, $4)
       ON CONFLICT (target) DO UPDATE SET ends_at = EXCLUDED.ends_at, paused_by = EXCLUDED.paused_by,
         paused_at = EXCLUDED.paused_at`,
      [pgText(pause.target), pause.until ?? null, pgText(pause.by), pause.at],
    );
  }

  async resume(target: string, at: number): Promise<boolean> {
    return inTransaction(
      this.pool(),
      async (client) => {
        const { rowCount } = await client.query(`DELETE FROM ${this.s}.pauses WHERE target = $1`, [
          pgText(target),
        ]);
        await this.applyPausesIn(client, at);
        return (rowCount ?? 0) > 0;
      },
      this.begin,
    );
  }

  async listPauses(at: number): Promise<Pause[]> {
    const { rows } = await this.pool().query<PauseRow>(
      `SELECT ${PAUSE_COLUMNS} FROM ${this.s}.pauses WHERE ends_at IS NULL OR ends_at > $1 ORDER BY target`,
      [at],
    );
    return rows.map(pauseFromRow);
  }

  async applyPauses(at: number): Promise<{ pauses: Pause[]; queued: number }> {
    // A read first: without pauses and runs they hold, nothing needs a write transaction.
    const any = await this.pool().query(
      `SELECT 1 FROM ${this.s}.pauses UNION ALL
       (SELECT 1 FROM ${this.s}.runs WHERE status = 'held' AND held_reason = 'pause' LIMIT 1) LIMIT 1`,
    );
    if ((any.rowCount ?? 0) === 0) return { pauses: [], queued: 0 };
    const queued = await inTransaction(this.pool(), (client) => this.applyPausesIn(client, at), this.begin);
    return { pauses: await this.listPauses(at), queued };
  }

  /** applyPauses inside a transaction: how many runs were queued (the other instances are told). */
  private async applyPausesIn(client: pg.PoolClient, at: number): Promise<number> {
    const sql = applyPausesSql(`${this.s}.`, "$1::bigint", "IS DISTINCT FROM");
    await client.query(sql.expire, [at]);
    const queued = (await client.query(sql.queue, [at])).rowCount ?? 0;
    await client.query(sql.hold, [at]);
    if (queued > 0) await this.notifyIn(client, "run");
    return queued;
  }

  async findIdempotent(idem: IdempotencyRef): Promise<IdempotentRepeat | null> {
    const { rows } = await this.pool().query<{ response: string; fingerprint: string | null }>(
      `SELECT response, fingerprint FROM ${this.s}.idempotency WHERE scope = $1 AND key = $2 AND expires_at > $3`,
      [idem.scope, idem.key, this.now()],
    );
    const row = rows[0];
    if (!row) return null;
    return repeatOf(idem, { fingerprint: row.fingerprint, outcome: () => storedOutcome(row.response) });
  }

  /** Deletes expired idempotency records in the background, at most once a minute. */
  private pruneIdempotency(): void {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.pool()
      .query(`DELETE FROM ${this.s}.idempotency WHERE expires_at <= $1`, [now])
      .catch((err: Error) => this.opts.log?.warn({ err: err.message }, "pruning idempotency records failed"));
  }

  // --- main session ---

  async appendEvent(text: string, source: string, mode: WakeMode = "next-heartbeat"): Promise<SystemEvent> {
    const at = this.now();
    const { rows } = await this.pool().query<{ id: number }>(
      `INSERT INTO ${this.s}.events (text, source, mode, created_at, last_at) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
      [pgText(text), pgText(source), mode, at],
    );
    return { id: rows[0]!.id, text, source, createdAt: at, mode, repeats: 1, lastAt: at };
  }

  async pendingEvents(limit = DEFAULT_PENDING_LIMIT): Promise<SystemEvent[]> {
    const { rows } = await this.pool().query<EventRow>(
      `SELECT * FROM ${this.s}.events WHERE consumed_at IS NULL ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map(eventFromRow);
  }

  async consumeEvents(ids: number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.consume(this.pool(), ids, at);
  }

  private async consume(db: pg.Pool | pg.PoolClient, ids: number[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await db.query(
      `UPDATE ${this.s}.events SET consumed_at = $1 WHERE consumed_at IS NULL AND id = ANY($2::bigint[])`,
      [at, ids],
    );
  }

  async listEvents(opts: { limit: number; pendingOnly?: boolean }): Promise<SystemEvent[]> {
    const where = opts.pendingOnly ? "WHERE consumed_at IS NULL" : "";
    const { rows } = await this.pool().query<EventRow>(
      `SELECT * FROM ${this.s}.events ${where} ORDER BY id DESC LIMIT $1`,
      [opts.limit],
    );
    return rows.map(eventFromRow);
  }

  async getLastRoute(): Promise<Route | null> {
    return this.route("main");
  }

  async setLastRoute(route: Route): Promise<void> {
    await this.pool().query(
      `INSERT INTO ${this.s}.routes (key, channel, recipient, updated_at) VALUES ('main', $1, $2, $3), ($4, $1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET channel = excluded.channel, recipient = excluded.recipient,
         updated_at = excluded.updated_at`,
      [pgText(route.channel), pgText(route.to), this.now(), `channel:${pgText(route.channel)}`],
    );
  }

  async lastRecipient(channel: string): Promise<string | null> {
    return (await this.route(`channel:${channel}`))?.to ?? null;
  }

  private async route(key: string): Promise<Route | null> {
    const { rows } = await this.pool().query<{ channel: string; recipient: string }>(
      `SELECT channel, recipient FROM ${this.s}.routes WHERE key = $1`,
      [pgText(key)],
    );
    const row = rows[0];
    return row ? { channel: row.channel, to: row.recipient } : null;
  }

  // --- sessions ---

  async appendTranscript(sessionKey: string, messages: TranscriptMessage[]): Promise<void> {
    await this.insertTranscript(this.pool(), sessionKey, messages);
  }

  private async insertTranscript(
    db: pg.Pool | pg.PoolClient,
    sessionKey: string,
    messages: TranscriptMessage[],
  ): Promise<void> {
    if (messages.length === 0) return;
    await db.query(
      `INSERT INTO ${this.s}.transcripts (session_key, role, content, run_id, created_at)
       SELECT $1, t.role, t.content, t.run_id, t.created_at FROM ${transcriptRows(2)} ORDER BY t.n`,
      [pgText(sessionKey), ...transcriptColumns(messages)],
    );
  }

  async transcript(sessionKey: string, limit: number): Promise<TranscriptMessage[]> {
    if (limit <= 0) return [];
    const { rows } = await this.pool().query<TranscriptRow>(
      `SELECT role, content, run_id, created_at FROM ${this.s}.transcripts
       WHERE session_key = $1 ORDER BY id DESC LIMIT $2`,
      [pgText(sessionKey), limit],
    );
    return rows.reverse().map(transcriptFromRow);
  }

  // --- runs ---

  async claimRuns(max: number, at: number): Promise<RunRecord[]> {
    if (max <= 0) return [];
    // Without a queued run of a lane or a pause whose time is up (the usual case), one statement: the
    // oldest queued runs. SKIP LOCKED: instances claiming at the same moment take different runs
    // instead of waiting.
    const fast = await this.statement<RunRow & { seq: number | null; laned: boolean; expired: boolean }>(
      `WITH gate AS (
         SELECT EXISTS (SELECT 1 FROM ${this.s}.runs WHERE status = 'queued' AND lane IS NOT NULL) AS laned,
           EXISTS (SELECT 1 FROM ${this.s}.pauses WHERE ends_at <= $1) AS expired),
       up AS (
         UPDATE ${this.s}.runs SET status = 'running', attempts = attempts + 1, started_at = $1,
           lease_owner = $2, lease_until = ${NOW_MS} + $3
         WHERE NOT (SELECT laned OR expired FROM gate) AND seq IN (SELECT seq FROM ${this.s}.runs r
           WHERE status = 'queued' AND lane IS NULL AND ${notPaused(`${this.s}.`, "$1")} ORDER BY seq LIMIT $4
           FOR UPDATE OF r SKIP LOCKED)
         RETURNING *)
       SELECT up.*, gate.laned, gate.expired FROM gate LEFT JOIN up ON true`,
      [at, this.instanceId, this.leaseMs, max],
    );
    // A pause whose time is up ends first, so that the runs it held are claimable now (it is gone
    // then, so this claims again once).
    if (fast.rows[0]?.expired) {
      await this.applyPauses(at);
      return this.claimRuns(max, at);
    }
    const rows = fast.rows[0]?.laned
      ? await this.claimInLanes(max, at)
      : fast.rows.filter((r) => r.id !== null);
    for (const row of rows) this.leased.add(row.id);
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map(runFromRow);
  }

  /** claimRuns with runs of lanes queued: each lane's running runs counted under the lane's lock. */
  private claimInLanes(max: number, at: number): Promise<Array<RunRow & { seq: number }>> {
    const s = this.s;
    return this.transaction(async (db) => {
      // The lanes with queued runs whose lock this transaction gets: an instance claiming from a lane
      // holds its lock until it commits, so the running runs counted next include every claim made
      // before. A lane another instance is claiming from is left to it this time.
      const lanes = await db.query<{ lane: string }>(
        `SELECT lane FROM (SELECT DISTINCT lane FROM ${s}.runs WHERE status = 'queued' AND lane IS NOT NULL) q
         WHERE pg_try_advisory_xact_lock($1, hashtext($2 || lane))`,
        [LANE_LOCKS, s],
      );
      // The oldest queued runs, of no lane or within their lane's room (its limit less its running
      // runs, counted per lane in arrival order).
      const claimed = await db.query<RunRow & { seq: number }>(
        `WITH running AS (
           SELECT lane, count(*) AS n FROM ${s}.runs WHERE status = 'running' AND lane = ANY($5::text[]) GROUP BY lane),
         ranked AS (
           SELECT seq, lane, lane_limit, row_number() OVER (PARTITION BY lane ORDER BY seq) AS k
           FROM ${s}.runs r WHERE status = 'queued' AND lane = ANY($5::text[]) AND ${notPaused(`${s}.`, "$1")}),
         room AS (
           SELECT r.seq FROM ranked r LEFT JOIN running c ON c.lane = r.lane
           WHERE r.k <= COALESCE(r.lane_limit, 1) - COALESCE(c.n, 0))
         UPDATE ${s}.runs SET status = 'running', attempts = attempts + 1, started_at = $1,
           lease_owner = $2, lease_until = ${NOW_MS} + $3
         WHERE seq IN (SELECT seq FROM ${s}.runs r
           WHERE status = 'queued' AND (lane IS NULL OR seq IN (SELECT seq FROM room)) AND ${notPaused(`${s}.`, "$1")}
           ORDER BY seq LIMIT $4 FOR UPDATE OF r SKIP LOCKED)
         RETURNING *`,
        [at, this.instanceId, this.leaseMs, max, lanes.rows.map((r) => r.lane)],
      );
      return claimed.rows;
    });
  }

  async startRun(
    id: string,
    info: { resolvedAgentId: string; resolvedModel?: string; prompt: RunPrompt },
  ): Promise<void> {
    await this.pool().query(
      `UPDATE ${this.s}.runs SET resolved_agent_id = $1, resolved_model = $2, prompt = $3
       WHERE id = $4 AND lease_owner = $5`,
      [
        pgText(info.resolvedAgentId),
        info.resolvedModel === undefined ? null : pgText(info.resolvedModel),
        pgText(JSON.stringify(info.prompt)),
        id,
        this.instanceId,
      ],
    );
  }

  async finishRun(id: string, result: RunResult, completion: RunCompletion = {}): Promise<boolean> {
    const keepLease = completion.delivery?.status === "pending";
    const transcript = completion.transcript ?? [];
    const event = completion.event;
    // One statement, atomic by itself: the outcome, its transcript and its main-session summary land
    // together or not at all, in one round trip instead of five (each costs more than the SQL in it).
    // Only a running run this instance still holds finishes: a run never completes twice, also when
    // another instance took it over after this one's lease ran out; then nothing else is written.
    const { rows } = await this.statement<{ session_key: string }>(
      `WITH up AS (
         UPDATE ${this.s}.runs SET status = $1, reply = $2, error = $3, usage = $4,
           resolved_agent_id = COALESCE($5, resolved_agent_id), resolved_model = COALESCE($6, resolved_model),
           prompt = COALESCE($23, prompt), finished_at = $7, delivery = $8, delivery_status = $9,
           target_id = COALESCE($21, target_id),
           lease_owner = CASE WHEN $10 THEN lease_owner END, lease_until = CASE WHEN $10 THEN lease_until END
         WHERE id = $11 AND status = 'running' AND lease_owner = $12
         RETURNING session_key, mapping_id),
       tr AS (
         INSERT INTO ${this.s}.transcripts (session_key, role, content, run_id, created_at)
         SELECT up.session_key, t.role, t.content, t.run_id, t.created_at FROM up, ${transcriptRows(13)}
         ORDER BY t.n),
       ev AS (
         INSERT INTO ${this.s}.events (text, source, mode, created_at, last_at)
         SELECT $17, $18, $19, $7, $7 FROM up WHERE $20::boolean),
       tk AS (
         -- The mapping's token budget (a row only while it has one): the period is the finish's.
         UPDATE ${this.s}.flow_tokens f SET
           tokens = CASE WHEN f.period_start = $7 - $7 % f.per_ms THEN f.tokens + $22::bigint ELSE $22::bigint END,
           period_start = $7 - $7 % f.per_ms
         FROM up WHERE f.scope = up.mapping_id AND $22::bigint > 0)
       SELECT session_key FROM up`,
      [
        result.status,
        result.reply === undefined ? null : pgText(result.reply),
        result.error === undefined ? null : pgText(result.error),
        result.usage ? JSON.stringify(result.usage) : null,
        result.resolvedAgentId === undefined ? null : pgText(result.resolvedAgentId),
        result.resolvedModel === undefined ? null : pgText(result.resolvedModel),
        result.finishedAt,
        completion.delivery ? pgText(JSON.stringify(completion.delivery)) : null,
        completion.delivery?.status ?? null,
        keepLease,
        id,
        this.instanceId,
        ...transcriptColumns(transcript),
        event ? pgText(event.text) : null,
        event ? pgText(event.source) : null,
        event?.mode ?? null,
        event !== undefined,
        result.targetId === undefined ? null : pgText(result.targetId),
        tokensSpent(result.usage),
        result.prompt ? pgText(JSON.stringify(result.prompt)) : null,
      ],
    );
    const done = rows.length > 0;
    if (!done) {
      this.leased.delete(id);
      this.opts.log?.warn(
        { runId: id },
        "finishing a run that is not running here (finished, or taken over); ignored",
      );
      return false;
    }
    if (!keepLease) this.leased.delete(id);
    return true;
  }

  async setDelivery(runId: string, state: DeliveryState): Promise<void> {
    const pending = state.status === "pending";
    // The sending instance keeps the run's lease until the delivery is settled.
    await this.pool().query(
      `UPDATE ${this.s}.runs SET delivery = $1, delivery_status = $2,
         lease_owner = CASE WHEN $3 THEN lease_owner END, lease_until = CASE WHEN $3 THEN lease_until END
       WHERE id = $4 AND (lease_owner = $5 OR lease_owner IS NULL)`,
      [pgText(JSON.stringify(state)), state.status, pending, runId, this.instanceId],
    );
    if (!pending) this.leased.delete(runId);
  }

  async getRun(id: string): Promise<RunRecord | null> {
    const { rows } = await this.pool().query<RunRow>(`SELECT * FROM ${this.s}.runs WHERE id = $1`, [
      pgText(id),
    ]);
    return rows[0] ? runFromRow(rows[0]) : null;
  }

  async findRunsByIdPrefix(prefix: string, limit: number): Promise<RunRecord[]> {
    const upper = afterPrefix(pgText(prefix));
    const { rows } =
      upper === undefined
        ? await this.pool().query<RunRow>(
            `SELECT * FROM ${this.s}.runs WHERE id >= $1 ORDER BY id LIMIT $2`,
            [pgText(prefix), limit],
          )
        : await this.pool().query<RunRow>(
            `SELECT * FROM ${this.s}.runs WHERE id >= $1 AND id < $2 ORDER BY id LIMIT $3`,
            [pgText(prefix), upper, limit],
          );
    return rows.map(runFromRow);
  }

  async findRunsByIdSuffix(suffix: string, limit: number): Promise<RunRecord[]> {
    const text = pgText(suffix);
    const { rows } = await this.pool().query<RunRow>(
      `SELECT * FROM ${this.s}.runs WHERE right(id, $1) = $2 ORDER BY id LIMIT $3`,
      [[...text].length, text, limit],
    );
    return rows.map(runFromRow);
  }

  async listRuns(opts: { limit: number; status?: RunStatus; sessionKey?: string }): Promise<RunRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (opts.status) {
      params.push(opts.status);
      where.push(`status = $${params.length}`);
    }
    if (opts.sessionKey) {
      params.push(pgText(opts.sessionKey));
      where.push(`session_key = $${params.length}`);
    }
    params.push(opts.limit);
    const { rows } = await this.pool().query<RunRow>(
      `SELECT * FROM ${this.s}.runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY seq DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(runFromRow);
  }

  async recoverInterrupted(
    maxAttempts: number,
    at: number,
    failedEvent?: (run: RunRecord) => { text: string; source: string; mode: WakeMode },
  ): Promise<{ requeued: number; failed: number }> {
    // Interrupted = running with no live lease: its instance died (or stopped without handing it back).
    const orphaned = `status = 'running' AND (lease_until IS NULL OR lease_until < ${NOW_MS})`;
    return this.transaction(async (db) => {
      const failed = await db.query<RunRow & { seq: number }>(
        `UPDATE ${this.s}.runs SET status = 'failed', error = 'interrupted', finished_at = $1,
           lease_owner = NULL, lease_until = NULL
         WHERE ${orphaned} AND attempts >= $2 RETURNING *`,
        [at, maxAttempts],
      );
      if (failedEvent) {
        for (const row of failed.rows.sort((a, b) => a.seq - b.seq)) {
          const e = failedEvent(runFromRow(row));
          await db.query(
            `INSERT INTO ${this.s}.events (text, source, mode, created_at, last_at) VALUES ($1, $2, $3, $4, $4)`,
            [pgText(e.text), pgText(e.source), e.mode, at],
          );
        }
      }
      const requeued = await db.query(
        `UPDATE ${this.s}.runs SET status = 'queued', lease_owner = NULL, lease_until = NULL WHERE ${orphaned}`,
      );
      const n = requeued.rowCount ?? 0;
      if (n > 0) await this.notifyIn(db, "run");
      return { requeued: n, failed: failed.rows.length };
    });
  }

  async pendingDeliveries(): Promise<RunRecord[]> {
    // Those no live instance is sending become this instance's (SKIP LOCKED: two instances looking
    // at the same moment take different ones).
    const { rows } = await this.pool().query<RunRow & { seq: number }>(
      `UPDATE ${this.s}.runs SET lease_owner = $1, lease_until = ${NOW_MS} + $2
       WHERE seq IN (
         SELECT seq FROM ${this.s}.runs
         WHERE delivery_status = 'pending' AND status <> 'running'
           AND (lease_owner IS NULL OR lease_until < ${NOW_MS})
         ORDER BY seq FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [this.instanceId, this.leaseMs],
    );
    for (const row of rows) this.leased.add(row.id);
    return rows.sort((a, b) => a.seq - b.seq).map(runFromRow);
  }

  // --- heartbeats ---

  async recordHeartbeat(
    heartbeat: NewHeartbeat,
    transcript: TranscriptMessage[] = [],
  ): Promise<HeartbeatRecord> {
    const id = await this.transaction(async (db) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO ${this.s}.heartbeats (reason, status, started_at, finished_at, event_ids, prompt, reply, error, usage, delivery)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          heartbeat.reason,
          heartbeat.status,
          heartbeat.startedAt,
          heartbeat.finishedAt,
          JSON.stringify(heartbeat.eventIds),
          heartbeat.prompt === undefined ? null : pgText(heartbeat.prompt),
          heartbeat.reply === undefined ? null : pgText(heartbeat.reply),
          heartbeat.error === undefined ? null : pgText(heartbeat.error),
          heartbeat.usage ? JSON.stringify(heartbeat.usage) : null,
          heartbeat.delivery ? pgText(JSON.stringify(heartbeat.delivery)) : null,
        ],
      );
      // Events are consumed only by a heartbeat that got a reply; a failed one leaves them pending.
      if (heartbeat.status === "acked" || heartbeat.status === "replied") {
        await this.consume(db, heartbeat.eventIds, heartbeat.finishedAt);
        await this.insertTranscript(db, "main", transcript);
      }
      return rows[0]!.id;
    });
    return { ...heartbeat, id };
  }

  async setHeartbeatDelivery(id: number, state: DeliveryState): Promise<void> {
    await this.pool().query(`UPDATE ${this.s}.heartbeats SET delivery = $1 WHERE id = $2`, [
      pgText(JSON.stringify(state)),
      id,
    ]);
  }

  async listHeartbeats(limit: number): Promise<HeartbeatRecord[]> {
    const { rows } = await this.pool().query<HeartbeatRow>(
      `SELECT * FROM ${this.s}.heartbeats ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(heartbeatFromRow);
  }

  // --- request log and retention ---

  async logRequests(rows: LoggedRequest[]): Promise<void> {
    if (rows.length === 0) return;
    // One multi-row statement per batch; it commits by itself. An id seen before is left as it was.
    const text = (key: "id" | "hook" | "outcome" | "code" | "mappingId" | "runId" | "deliveryId" | "entry") =>
      rows.map((r) => (r[key] === null ? null : pgText(r[key])));
    await this.pool().query(
      `INSERT INTO ${this.s}.requests (id, received_at, hook, status, outcome, code, mapping_id, run_id, delivery_id, entry, body)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::integer[], $5::text[], $6::text[],
         $7::text[], $8::text[], $9::text[], $10::text[], $11::bytea[])
       ON CONFLICT (id) DO NOTHING`,
      [
        text("id"),
        rows.map((r) => r.receivedAt),
        text("hook"),
        rows.map((r) => r.status),
        text("outcome"),
        text("code"),
        text("mappingId"),
        text("runId"),
        text("deliveryId"),
        text("entry"),
        rows.map((r) => r.body),
      ],
    );
  }

  async listRequests(query: RequestQuery): Promise<RequestLogRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (query.beforeSeq !== undefined) add((n) => `seq < ${n}`, query.beforeSeq);
    if (query.since !== undefined) add((n) => `received_at >= ${n}`, query.since);
    if (query.until !== undefined) add((n) => `received_at < ${n}`, query.until);
    if (query.hook !== undefined) add((n) => `hook = ${n}`, pgText(query.hook));
    if (query.hookContains !== undefined)
      add((n) => `strpos(lower(hook), lower(${n})) > 0`, pgText(query.hookContains));
    if (query.mappingId !== undefined) add((n) => `mapping_id = ${n}`, pgText(query.mappingId));
    if (query.outcome !== undefined) add((n) => `outcome = ${n}`, query.outcome);
    if (query.deliveryId !== undefined) add((n) => `delivery_id = ${n}`, pgText(query.deliveryId));
    if (query.idPrefix !== undefined) {
      const upper = afterPrefix(query.idPrefix);
      add((n) => `id >= ${n}`, pgText(query.idPrefix));
      if (upper !== undefined) add((n) => `id < ${n}`, pgText(upper));
    }
    params.push(query.limit);
    const { rows } = await this.pool().query<RequestRow>(
      `SELECT seq, id, entry, body FROM ${this.s}.requests ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY seq DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(requestFromRow);
  }

  async getRequest(id: string): Promise<RequestLogRecord | null> {
    const { rows } = await this.pool().query<RequestRow>(
      `SELECT seq, id, entry, body FROM ${this.s}.requests WHERE id = $1`,
      [pgText(id)],
    );
    return rows[0] ? requestFromRow(rows[0]) : null;
  }

  async prune(policy: RetentionPolicy): Promise<PruneResult> {
    return inTransaction(
      this.pool(),
      async (client) => {
        const deleted = {} as PruneResult["deleted"];
        let more = false;
        for (const [table, { order, done }] of Object.entries(PRUNED) as [
          keyof PruneResult["deleted"],
          (typeof PRUNED)[keyof typeof PRUNED],
        ][]) {
          // The order value of the newest row beyond `keep`: it and everything older go.
          const floor = await client.query<{ v: number }>(
            `SELECT ${order} AS v FROM ${this.s}.${table} ORDER BY ${order} DESC LIMIT 1 OFFSET $1`,
            [policy.keep],
          );
          const { rowCount } = await client.query(
            `DELETE FROM ${this.s}.${table} WHERE ${order} IN (SELECT ${order} FROM ${this.s}.${table}
             WHERE ${done ? `${done} AND ` : ""}(${PRUNED_TIME[table]} < $1 OR ${order} <= $2)
             ORDER BY ${order} LIMIT $3)`,
            [policy.before, floor.rows[0]?.v ?? -1, policy.batch],
          );
          deleted[table] = rowCount ?? 0;
          if ((rowCount ?? 0) >= policy.batch) more = true;
        }
        // Callback URLs past their expiry by the retention's age answer nothing more.
        await client.query(`DELETE FROM ${this.s}.run_callbacks WHERE expires_at < $1`, [policy.before]);
        return { deleted, more };
      },
      this.begin,
    );
  }

  // --- retries ---

  async retryRuns(retries: Array<{ run: NewRun; retryOf: string }>): Promise<void> {
    if (retries.length === 0) return;
    await inTransaction(
      this.pool(),
      async (client) => {
        const insert = insertRunsStatement(
          this.s,
          retries.map((r) => r.run),
        );
        await client.query(insert.text, insert.values);
        await client.query(
          `INSERT INTO ${this.s}.run_retries (run_id, retry_of) SELECT * FROM unnest($1::text[], $2::text[])`,
          [retries.map((r) => pgText(r.run.id)), retries.map((r) => pgText(r.retryOf))],
        );
        await this.notifyIn(client, "run");
      },
      this.begin,
    );
  }

  async runLinks(runId: string): Promise<RunLinks> {
    const { rows } = await this.pool().query<{ run_id: string; retry_of: string }>(
      `SELECT run_id, retry_of FROM ${this.s}.run_retries WHERE run_id = $1 OR retry_of = $1 ORDER BY run_id`,
      [pgText(runId)],
    );
    const of = rows.find((r) => r.run_id === runId)?.retry_of;
    return {
      ...(of !== undefined && { retryOf: of }),
      retriedAs: rows.filter((r) => r.retry_of === runId).map((r) => r.run_id),
    };
  }

  // --- later answers ---

  async openRunCallback(runId: string, tokenDigest: string, expiresAt: number): Promise<void> {
    await this.pool().query(
      `INSERT INTO ${this.s}.run_callbacks AS c (run_id, digests, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (run_id) DO UPDATE SET digests = c.digests || ' ' || excluded.digests,
         expires_at = greatest(c.expires_at, excluded.expires_at)`,
      [pgText(runId), tokenDigest, expiresAt],
    );
  }

  async answerRunCallback(
    runId: string,
    tokenDigest: string,
    answer: RunCallbackAnswer,
    at: number,
  ): Promise<RunCallbackOutcome> {
    // One UPDATE: its WHERE is checked again on the locked row, so of two answers racing on two
    // instances only one finds `answer IS NULL`.
    const { rowCount } = await this.pool().query(
      `UPDATE ${this.s}.run_callbacks SET answer = $1, answered_at = $2
       WHERE run_id = $3 AND answer IS NULL AND expires_at > $2 AND position($4 in ' ' || digests || ' ') > 0`,
      [pgText(JSON.stringify(answer)), at, pgText(runId), ` ${tokenDigest} `],
    );
    if (rowCount === 1) return "answered";
    const { rows } = await this.pool().query<RunCallbackRow>(
      `SELECT digests, expires_at, answer FROM ${this.s}.run_callbacks WHERE run_id = $1`,
      [pgText(runId)],
    );
    return refusedOutcome(rows[0], tokenDigest, at);
  }

  async runCallbackAnswer(runId: string): Promise<RunCallbackAnswer | null> {
    const { rows } = await this.pool().query<{ answer: string | null }>(
      `SELECT answer FROM ${this.s}.run_callbacks WHERE run_id = $1`,
      [pgText(runId)],
    );
    return answerFromText(rows[0]?.answer);
  }

  async closeRunCallback(runId: string): Promise<void> {
    await this.pool().query(`DELETE FROM ${this.s}.run_callbacks WHERE run_id = $1`, [pgText(runId)]);
  }

  // --- issues ---

  async recordIssues(failures: IssueFailure[], successes: IssueSuccess[]): Promise<IssueChanges> {
    if (failures.length === 0 && successes.length === 0) return { opened: [], closed: [] };
    return inTransaction(
      this.pool(),
      async (client) => {
        const opened: IssueRecord[] = [];
        for (const f of failures) {
          // One statement, so that instances counting the same failure at once never open it twice.
          const { rows } = await client.query<IssueRow & { inserted: boolean }>(
            `INSERT INTO ${this.s}.issues AS i (key, kind, subject, code, address, count, first_seen, last_seen,
               example_run_id, example_request_id, message)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (key) WHERE closed_at IS NULL DO UPDATE SET
               count = i.count + EXCLUDED.count, last_seen = GREATEST(i.last_seen, EXCLUDED.last_seen),
               example_run_id = coalesce(EXCLUDED.example_run_id, i.example_run_id),
               example_request_id = coalesce(EXCLUDED.example_request_id, i.example_request_id),
               message = coalesce(EXCLUDED.message, i.message)
             RETURNING i.*, (xmax = 0) AS inserted`,
            failureColumns(f).map((v) => (typeof v === "string" ? pgText(v) : v)),
          );
          const row = rows[0]!;
          if (row.inserted) opened.push(issueFromRow(row));
        }
        const closed: IssueRecord[] = [];
        for (const s of successes) {
          const addressed =
            s.address === undefined
              ? "address IS NULL"
              : "(address IS NULL OR address = $4 OR address = '*')";
          const { rows } = await client.query<IssueRow>(
            `UPDATE ${this.s}.issues SET closed_at = $1 WHERE closed_at IS NULL AND subject = $2
               AND ${addressed} AND last_seen <= $3 RETURNING *`,
            [s.at, pgText(s.subject), s.at, ...(s.address === undefined ? [] : [pgText(s.address)])],
          );
          closed.push(...rows.map(issueFromRow));
        }
        return { opened, closed };
      },
      this.begin,
    );
  }

  async listIssues(query: { limit: number; status?: "open" | "closed" }): Promise<IssueRecord[]> {
    const where = issueStatusWhere(query.status);
    const { rows } = await this.pool().query<IssueRow>(
      `SELECT * FROM ${this.s}.issues ${where} ORDER BY id DESC LIMIT $1`,
      [query.limit],
    );
    return rows.map(issueFromRow);
  }

  async getIssue(id: number): Promise<IssueRecord | null> {
    const { rows } = await this.pool().query<IssueRow>(`SELECT * FROM ${this.s}.issues WHERE id = $1`, [id]);
    return rows[0] ? issueFromRow(rows[0]) : null;
  }

  async backlog(): Promise<Backlog> {
    const { rows } = await this.pool().query<{ status: string; n: number; oldest: number }>(
      `SELECT status, count(*) AS n, min(received_at) AS oldest FROM ${this.s}.runs
       WHERE status IN ('queued', 'held') GROUP BY status`,
    );
    return backlogOf(rows);
  }

  async tokenCounts(scopes: readonly string[]): Promise<Map<string, TokenCount>> {
    const { rows } = await this.pool().query<TokenRow & { scope: string }>(
      `SELECT scope, per_ms, period_start, tokens FROM ${this.s}.flow_tokens WHERE scope = ANY($1::text[])`,
      [scopes],
    );
    return new Map(rows.map((r) => [r.scope, tokensFromRow(r)]));
  }

  async rateCounts(scopes: readonly string[]): Promise<Map<string, RateCount>> {
    const { rows } = await this.pool().query<RateRow & { scope: string }>(
      `SELECT scope, period_start, count, held FROM ${this.s}.flow_rates WHERE scope = ANY($1::text[])`,
      [scopes],
    );
    return new Map(rows.map((r) => [r.scope, rateFromRow(r)]));
  }

  async queueStats(): Promise<QueueStats> {
    const { rows } = await this.pool().query<QueueStatsRow>(
      `SELECT
         (SELECT count(*) FROM ${this.s}.runs WHERE status = 'queued') AS runs_queued,
         (SELECT count(*) FROM ${this.s}.runs WHERE status = 'held') AS runs_held,
         (SELECT count(*) FROM ${this.s}.runs WHERE status = 'held' AND held_reason = 'pause') AS runs_paused,
         (SELECT count(*) FROM ${this.s}.runs WHERE status = 'running') AS runs_running,
         (SELECT count(*) FROM ${this.s}.runs WHERE delivery_status = 'pending') AS deliveries_pending,
         (SELECT count(*) FROM ${this.s}.events WHERE consumed_at IS NULL) AS events_pending`,
    );
    const r = rows[0]!;
    return {
      runsQueued: r.runs_queued,
      runsHeld: r.runs_held,
      runsPaused: r.runs_paused,
      runsRunning: r.runs_running,
      deliveriesPending: r.deliveries_pending,
      eventsPending: r.events_pending,
    };
  }

  async laneStats(): Promise<LaneStats[]> {
    const { rows } = await this.pool().query<LaneStats>(
      `SELECT lane, count(*) FILTER (WHERE status = 'running')::int AS running,
         count(*) FILTER (WHERE status = 'queued')::int AS queued
       FROM ${this.s}.runs WHERE lane IS NOT NULL AND status IN ('queued', 'running') GROUP BY lane ORDER BY lane`,
    );
    return rows;
  }

  // --- coordination ---

  private async signal(signal: WorkSignal): Promise<void> {
    await this.notifyIn(this.pool(), signal);
  }

  private async notifyIn(db: pg.Pool | pg.PoolClient, signal: WorkSignal): Promise<void> {
    await db.query("SELECT pg_notify($1, $2)", [this.channel, signalPayload(signal, this.instanceId)]);
  }

  private async holdLease(name: string, ttlMs: number): Promise<boolean> {
    const { rowCount } = await this.pool().query(
      `INSERT INTO ${this.s}.leases AS l (name, owner, expires_at) VALUES ($1, $2, ${NOW_MS} + $3)
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE l.owner = excluded.owner OR l.expires_at < ${NOW_MS}`,
      [name, this.instanceId, ttlMs],
    );
    return rowCount === 1;
  }

  private async releaseLease(name: string): Promise<void> {
    await this.pool().query(`DELETE FROM ${this.s}.leases WHERE name = $1 AND owner = $2`, [
      name,
      this.instanceId,
    ]);
  }

  /** Extends the leases of the runs this instance holds; forgets those another instance took over. */
  private renewLeases(): void {
    if (this.leased.size === 0 || this.renewing || !this.handle) return;
    const ids = [...this.leased];
    this.renewing = this.pool()
      .query<{ id: string }>(
        `UPDATE ${this.s}.runs SET lease_until = ${NOW_MS} + $1 WHERE id = ANY($2::text[]) AND lease_owner = $3 RETURNING id`,
        [this.leaseMs, ids, this.instanceId],
      )
      .then(({ rows }) => {
        const kept = new Set(rows.map((r) => r.id));
        const lost = ids.filter((id) => !kept.has(id) && this.leased.delete(id));
        if (lost.length > 0) {
          this.opts.log?.warn({ runIds: lost }, "lost the lease of runs another instance has taken over");
        }
      })
      .catch((err: Error) =>
        this.opts.log?.warn({ err: err.message }, "renewing run leases failed; trying again"),
      )
      .finally(() => {
        this.renewing = null;
      });
  }

  // --- plumbing ---

  private pool(): pg.Pool {
    if (!this.handle) throw new Error(`store ${this.where} is not open`);
    return this.handle;
  }

  private accepts(): AcceptBatcher {
    this.pool();
    return this.batcher!;
  }

  /** One statement outside a transaction block, tried again after a serialization failure or deadlock. */
  private async statement<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.pool().query<R>(text, values);
      } catch (err) {
        if (!isRetryable(err) || attempt >= 3) throw err;
      }
    }
  }

  /** Runs `work` in a transaction, again on a deadlock or serialization failure. */
  private async transaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(this.pool(), work);
      } catch (err) {
        if (!isRetryable(err) || attempt >= 3) throw err;
      }
    }
  }
}

/**
 * Transcript messages as rows `t(role, content, run_id, created_at, n)`, from four array parameters
 * starting at `$first` (the values of transcriptColumns); `n` keeps their order.
 */
function transcriptRows(first: number): string {
  const [a, b, c, d] = [first, first + 1, first + 2, first + 3];
  return `unnest($${a}::text[], $${b}::text[], $${c}::text[], $${d}::bigint[]) WITH ORDINALITY AS t(role, content, run_id, created_at, n)`;
}

/** The four array parameters transcriptRows reads. */
function transcriptColumns(messages: readonly TranscriptMessage[]): unknown[] {
  return [
    messages.map((m) => m.role),
    messages.map((m) => pgText(m.content)),
    messages.map((m) => (m.runId === undefined ? null : pgText(m.runId))),
    messages.map((m) => m.createdAt),
  ];
}
