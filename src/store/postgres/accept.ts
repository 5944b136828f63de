// Group commit for the PostgreSQL store's request path: accepts arriving while a transaction is
// being committed wait and go together into the next one — their idempotency keys claimed in one
// statement, their events and runs written with one multi-row insert each — so one COMMIT (one WAL
// flush) acknowledges many requests. A batch without idempotency keys is one statement (its own
// transaction: one round trip). Every promise settles after COMMIT returned. A batch that fails on
// something one of its requests carried is tried again one request per transaction, so that one bad
// request cannot fail the others.

import type pg from "pg";
import type { Logger } from "pino";
import { runsOutcome, wakesOutcome } from "../fan-out.js";
import { runParams } from "../rows.js";
import { repeatOf, storedOutcome } from "../stored-outcome.js";
import type { AcceptOutcome, AcceptResult, IdempotencyRef, NewRun, NewWake, WakeMode } from "../types.js";
import { inTransaction, isRetryable, pgText, sqlState } from "./connect.js";

/**
 * One accept: one wake or run, or the wakes or runs of one request's fan-out (`fanOut`), which are
 * written in the same transaction and answered with one outcome.
 */
export type AcceptJob = ({ kind: "wake"; wakes: NewWake[] } | { kind: "run"; runs: NewRun[] }) & {
  idem?: IdempotencyRef;
  fanOut?: boolean;
};

interface Queued {
  job: AcceptJob;
  resolve: (result: AcceptResult) => void;
  reject: (error: unknown) => void;
}

export interface AcceptBatcherOptions {
  pool: pg.Pool;
  /** Quoted schema name. */
  schema: string;
  /** false: one transaction per accept (the baseline the benchmark compares against). */
  grouped: boolean;
  now: () => number;
  /** Sends a signal to the other instances from inside the transaction (delivered at COMMIT). */
  notify: { channel: string; payload: (signal: "run" | "heartbeat") => string };
  /** Begins a transaction (`BEGIN`, or `BEGIN` with a durability setting). */
  begin: string;
  log?: Logger;
}

/**
 * Wakes and runs in one transaction at most: bounds the arrays sent and the time a batch holds its
 * locks. A fan-out larger than this goes alone (forEachMax keeps it at 1000 at most).
 */
const MAX_BATCH = 1000;
/** Transactions of one instance in flight at once: one being committed while the next fills. */
const MAX_IN_FLIGHT = 2;
/** A batch that hit a deadlock or serialization failure is tried this often in all. */
const TRIES = 3;

export class AcceptBatcher {
  private queue: Queued[] = [];
  private inFlight = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private readonly running = new Set<Promise<void>>();
  /** Transactions committed so far (grouped or not); lets tests and benchmarks see the grouping. */
  commits = 0;

  constructor(private readonly opts: AcceptBatcherOptions) {}

  submit(job: AcceptJob): Promise<AcceptResult> {
    return new Promise<AcceptResult>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.opts.grouped) {
        this.start(this.queue.splice(0));
        return;
      }
      // Requests of the same turn of the event loop join one batch.
      this.scheduled ??= setImmediate(() => {
        this.scheduled = null;
        this.pump();
      });
    });
  }

  /** Resolves once everything submitted so far is committed (or failed). */
  async flush(): Promise<void> {
    if (this.scheduled) {
      clearImmediate(this.scheduled);
      this.scheduled = null;
    }
    while (this.queue.length > 0 || this.running.size > 0) {
      this.pump(true);
      await Promise.allSettled([...this.running]);
    }
  }

  private pump(force = false): void {
    while (this.queue.length > 0 && (this.inFlight < MAX_IN_FLIGHT || force)) {
      this.start(this.queue.splice(0, batchLength(this.queue)));
    }
  }

  private start(batch: Queued[]): void {
    this.inFlight++;
    const done: Promise<void> = this.settle(batch).finally(() => {
      this.inFlight--;
      this.running.delete(done);
      // Whatever arrived meanwhile is the next batch.
      if (this.opts.grouped && this.queue.length > 0) this.pump();
    });
    this.running.add(done);
  }

  private async settle(batch: Queued[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.transaction(batch.map((q) => q.job));
        this.commits++;
        for (const [i, q] of batch.entries()) q.resolve(results[i]!);
        return;
      } catch (err) {
        if (isRetryable(err) && attempt < TRIES) continue;
        if (batch.length > 1 && !isConnectionTrouble(err)) {
          this.opts.log?.warn(
            { err, batch: batch.length },
            "an accept batch failed; retrying each request alone",
          );
          for (const q of batch) await this.settle([q]);
          return;
        }
        for (const q of batch) q.reject(err);
        return;
      }
    }
  }

  private async transaction(jobs: AcceptJob[]): Promise<AcceptResult[]> {
    // No key to claim first: the whole batch is one statement, committed on its own.
    if (this.opts.begin === "BEGIN" && jobs.every((j) => !j.idem)) return oneStatement(this.opts, jobs);
    return inTransaction(
      this.opts.pool,
      (client) => new BatchWriter(client, this.opts, jobs).write(),
      this.opts.begin,
    );
  }
}

/** How many of the queued accepts the next batch takes: at least one, at most MAX_BATCH wakes and runs. */
function batchLength(queue: readonly Queued[]): number {
  let actions = 0;
  for (const [n, q] of queue.entries()) {
    actions += actionsOf(q.job).length;
    if (actions > MAX_BATCH) return Math.max(n, 1);
  }
  return queue.length;
}

function actionsOf(job: AcceptJob): readonly unknown[] {
  return job.kind === "wake" ? job.wakes : job.runs;
}

/** Errors of the connection or the server rather than of one request's data: the whole batch fails. */
function isConnectionTrouble(err: unknown): boolean {
  const state = sqlState(err);
  if (state === undefined) return true;
  return /^(08|53|57|58|XX)/.test(state);
}

/** What an idempotency key stands for in this batch: the live record found, or the first job's. */
interface KeyRecord {
  owner?: number;
  outcome?: AcceptOutcome;
  fingerprint: string | null;
}

/** The writes of one batch inside its transaction. */
class BatchWriter {
  private readonly s: string;
  private readonly results: Array<AcceptResult | undefined>;
  private readonly records = new Map<string, KeyRecord>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly opts: AcceptBatcherOptions,
    private readonly jobs: AcceptJob[],
  ) {
    this.s = opts.schema;
    this.results = new Array(jobs.length);
  }

  async write(): Promise<AcceptResult[]> {
    const now = this.opts.now();
    await this.claimKeys(now);
    const accepted = this.jobs.map((_, i) => i).filter((i) => this.isOwner(i));
    const wakes = accepted.filter((i) => this.jobs[i]!.kind === "wake");
    const runs = accepted.filter((i) => this.jobs[i]!.kind === "run");
    await this.writeWakes(wakes);
    await this.writeRuns(runs);
    await this.rememberWakeOutcomes(wakes);
    await this.notify(wakes, runs);
    // Later uses of a key in this batch, and keys already live: replays of the first, or conflicts.
    return this.jobs.map((job, i) => this.results[i] ?? this.repeat(job));
  }

  private keyOf(idem: Pick<IdempotencyRef, "scope" | "key">): string {
    return JSON.stringify([idem.scope, idem.key]);
  }

  private isOwner(i: number): boolean {
    const idem = this.jobs[i]!.idem;
    return !idem || this.records.get(this.keyOf(idem))!.owner === i;
  }

  /**
   * Takes each key of the batch (its first use here) unless a live record holds it. A key another
   * instance is taking at the same moment waits for that transaction: one of the two wins.
   */
  private async claimKeys(now: number): Promise<void> {
    const claims: Array<{ i: number; idem: IdempotencyRef }> = [];
    this.jobs.forEach((job, i) => {
      if (!job.idem) return;
      const k = this.keyOf(job.idem);
      if (this.records.has(k)) return;
      this.records.set(k, { owner: i, fingerprint: job.idem.fingerprint ?? null });
      claims.push({ i, idem: job.idem });
    });
    if (claims.length === 0) return;
    // In key order, so that two batches sharing keys lock them in the same order (no deadlock).
    claims.sort((a, b) => cmp(a.idem.scope, b.idem.scope) || cmp(a.idem.key, b.idem.key));
    const won = await this.client.query<{ scope: string; key: string }>(
      `INSERT INTO ${this.s}.idempotency AS i (scope, key, expires_at, response, fingerprint)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[])
       ON CONFLICT (scope, key) DO UPDATE SET expires_at = excluded.expires_at,
         response = excluded.response, fingerprint = excluded.fingerprint
       WHERE i.expires_at <= $6
       RETURNING scope, key`,
      [
        claims.map((c) => c.idem.scope),
        claims.map((c) => c.idem.key),
        claims.map((c) => now + c.idem.ttlSeconds * 1000),
        claims.map((c) => JSON.stringify(this.provisionalOutcome(this.jobs[c.i]!))),
        claims.map((c) => c.idem.fingerprint ?? null),
        now,
      ],
    );
    const taken = new Set(won.rows.map((r) => this.keyOf(r)));
    const lost = claims.filter((c) => !taken.has(this.keyOf(c.idem)));
    if (lost.length === 0) return;
    const live = await this.client.query<{
      scope: string;
      key: string;
      response: string;
      fingerprint: string | null;
    }>(
      `SELECT i.scope, i.key, i.response, i.fingerprint FROM ${this.s}.idempotency i
       JOIN unnest($1::text[], $2::text[]) AS k(scope, key) ON i.scope = k.scope AND i.key = k.key`,
      [lost.map((c) => c.idem.scope), lost.map((c) => c.idem.key)],
    );
    const found = new Map(live.rows.map((r) => [this.keyOf(r), r]));
    for (const c of lost) {
      const row = found.get(this.keyOf(c.idem));
      // The conflicting record was committed by another transaction, so it is there.
      if (!row) throw new Error("an idempotency record vanished while being read");
      this.records.set(this.keyOf(c.idem), {
        outcome: storedOutcome(row.response),
        fingerprint: row.fingerprint,
      });
    }
  }

  /** A run's outcome is known before writing; a wake's (queued or coalesced) is filled in after. */
  private provisionalOutcome(job: AcceptJob): AcceptOutcome {
    return jobOutcome(job, () => "queued");
  }

  private repeat(job: AcceptJob): AcceptResult {
    const record = this.records.get(this.keyOf(job.idem!))!;
    return repeatOf(job.idem!, { fingerprint: record.fingerprint, outcome: () => record.outcome! });
  }

  private accept(i: number, outcome: AcceptOutcome): void {
    this.results[i] = { status: "accepted", outcome };
    const idem = this.jobs[i]!.idem;
    if (idem) this.records.get(this.keyOf(idem))!.outcome = outcome;
  }

  /**
   * Each wake coalesces with the newest pending event when their texts are equal, as one after the
   * other would: the newest in the database first, then those this batch adds.
   */
  private async writeWakes(indexes: number[]): Promise<void> {
    if (indexes.length === 0) return;
    const newest = await this.client.query<{ id: number; text: string }>(
      `SELECT id, text FROM ${this.s}.events WHERE consumed_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    let plan = planEvents(this.wakes(indexes), newest.rows[0] ?? null);
    if (plan.bump) {
      const b = plan.bump;
      const updated = await this.client.query(
        `UPDATE ${this.s}.events SET repeats = repeats + $1, last_at = $2,
           mode = CASE WHEN $3 THEN 'now' ELSE mode END
         WHERE id = $4 AND consumed_at IS NULL`,
        [b.repeats, b.lastAt, b.now, b.id],
      );
      // A heartbeat consumed it meanwhile: the wakes start a new event instead.
      if (updated.rowCount === 0) plan = planEvents(this.wakes(indexes), null);
    }
    if (plan.events.length > 0) {
      const params = new Params();
      await this.client.query(insertEvents(this.s, params, plan.events), params.values);
    }
    let w = 0;
    for (const i of indexes)
      this.accept(
        i,
        jobOutcome(this.jobs[i]!, () => plan.outcomes[w++]!),
      );
  }

  private wakes(indexes: number[]): NewWake[] {
    return indexes.flatMap((i) => (this.jobs[i] as { wakes: NewWake[] }).wakes);
  }

  private async writeRuns(indexes: number[]): Promise<void> {
    if (indexes.length === 0) return;
    const params = new Params();
    const runs = indexes.flatMap((i) => (this.jobs[i] as { runs: NewRun[] }).runs);
    await this.client.query(insertRuns(this.s, params, runs), params.values);
    for (const i of indexes)
      this.accept(
        i,
        jobOutcome(this.jobs[i]!, () => "queued"),
      );
  }

  /** A wake's key was claimed before its outcome was known: store the outcome it got. */
  private async rememberWakeOutcomes(indexes: number[]): Promise<void> {
    const keyed = indexes.filter((i) => this.jobs[i]!.idem);
    if (keyed.length === 0) return;
    const outcome = (i: number) => (this.results[i] as { outcome: AcceptOutcome }).outcome;
    // The provisional outcome was `queued`; only coalesced wakes need a second write.
    const changed = keyed.filter((i) => (outcome(i) as { event?: string }).event !== "queued");
    if (changed.length === 0) return;
    await this.client.query(
      `UPDATE ${this.s}.idempotency i SET response = v.response
       FROM unnest($1::text[], $2::text[], $3::text[]) AS v(scope, key, response)
       WHERE i.scope = v.scope AND i.key = v.key`,
      [
        changed.map((i) => this.jobs[i]!.idem!.scope),
        changed.map((i) => this.jobs[i]!.idem!.key),
        changed.map((i) => JSON.stringify(outcome(i))),
      ],
    );
  }

  /** Wakes other instances' workers (runs) and the heartbeat's holder (`now` wakes), at COMMIT. */
  private async notify(wakes: number[], runs: number[]): Promise<void> {
    const signals = signalsOf(this.wakes(wakes), runs.length);
    if (signals.length === 0) return;
    await this.client.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", [
      this.opts.notify.channel,
      signals.map(this.opts.notify.payload),
    ]);
  }
}

interface PlannedEvent {
  text: string;
  source: string;
  mode: WakeMode;
  repeats: number;
  createdAt: number;
  lastAt: number;
}

interface EventPlan {
  /** New events, in order. */
  events: PlannedEvent[];
  /** Repeats added to the newest pending event already stored. */
  bump?: { id: number; repeats: number; lastAt: number; now: boolean };
  /** Per wake: queued (a new event) or coalesced. */
  outcomes: Array<"queued" | "coalesced">;
}

function planEvents(wakes: NewWake[], newest: { id: number; text: string } | null): EventPlan {
  const events: PlannedEvent[] = [];
  const outcomes: Array<"queued" | "coalesced"> = [];
  let bump: EventPlan["bump"];
  for (const w of wakes) {
    const last = events.at(-1);
    if (last ? last.text === w.text : newest?.text === pgText(w.text)) {
      outcomes.push("coalesced");
      // A `now` repeat upgrades the pending event so that a restart still gives it a heartbeat.
      if (last) {
        last.repeats += 1;
        last.lastAt = w.receivedAt;
        if (w.mode === "now") last.mode = "now";
      } else {
        bump ??= { id: newest!.id, repeats: 0, lastAt: w.receivedAt, now: false };
        bump.repeats += 1;
        bump.lastAt = w.receivedAt;
        bump.now ||= w.mode === "now";
      }
      continue;
    }
    outcomes.push("queued");
    events.push({
      text: w.text,
      source: w.source,
      mode: w.mode,
      repeats: 1,
      createdAt: w.receivedAt,
      lastAt: w.receivedAt,
    });
  }
  return { events, outcomes, ...(bump ? { bump } : {}) };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The signals a batch sends: `run` for accepted runs, `heartbeat` for an accepted `now` wake. */
function signalsOf(wakes: NewWake[], runs: number): Array<"run" | "heartbeat"> {
  const signals: Array<"run" | "heartbeat"> = [];
  if (runs > 0) signals.push("run");
  if (wakes.some((w) => w.mode === "now")) signals.push("heartbeat");
  return signals;
}

/** Numbered parameters of one statement: `$n` for each value added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function insertEvents(s: string, p: Params, rows: PlannedEvent[], where = ""): string {
  return `INSERT INTO ${s}.events (text, source, mode, repeats, created_at, last_at)
    SELECT text, source, mode, repeats, created_at, last_at
    FROM unnest(${p.add(rows.map((e) => pgText(e.text)))}::text[], ${p.add(rows.map((e) => pgText(e.source)))}::text[],
      ${p.add(rows.map((e) => e.mode))}::text[], ${p.add(rows.map((e) => e.repeats))}::integer[],
      ${p.add(rows.map((e) => e.createdAt))}::bigint[], ${p.add(rows.map((e) => e.lastAt))}::bigint[])
      WITH ORDINALITY AS t(text, source, mode, repeats, created_at, last_at, n)
    ${where}
    ORDER BY n`;
}

/** The runs table's columns a new run fills, each with its array type. */
const RUN_COLUMNS: Array<[string, string]> = [
  ["id", "text"],
  ["name", "text"],
  ["message", "text"],
  ["agent_id", "text"],
  ["session_key", "text"],
  ["session_mode", "text"],
  ["model", "text"],
  ["thinking", "text"],
  ["timeout_seconds", "double precision"],
  ["wake_mode", "text"],
  ["deliver", "smallint"],
  ["channel", "text"],
  ["recipient", "text"],
  ["mapping_id", "text"],
  ["preset", "text"],
  ["received_at", "bigint"],
  ["trace_context", "text"],
  ["lane", "text"],
  ["lane_limit", "integer"],
];

/** One statement that inserts `runs` queued, for a transaction of the store's own. */
export function insertRunsStatement(s: string, runs: NewRun[]): { text: string; values: unknown[] } {
  const p = new Params();
  const text = insertRuns(s, p, runs);
  return { text, values: p.values };
}

export function insertRuns(s: string, p: Params, runs: NewRun[]): string {
  const rows = runs.map(runParams);
  const arrays = RUN_COLUMNS.map(([name, type]) => {
    const values = rows.map((r) => {
      const v = r[name] ?? null;
      return type === "text" && v !== null ? pgText(String(v)) : v;
    });
    return `${p.add(values)}::${type}[]`;
  });
  const names = RUN_COLUMNS.map(([name]) => name).join(", ");
  return `INSERT INTO ${s}.runs (${names}, status)
    SELECT ${names}, 'queued' FROM unnest(${arrays.join(", ")}) WITH ORDINALITY AS t(${names}, n)
    ORDER BY n`;
}

/**
 * A batch without idempotency keys as one statement, which commits by itself: the wakes coalesce
 * with the newest pending event when the first of them has its text (the others are planned here),
 * then the new events, the runs and the signals.
 */
async function oneStatement(opts: AcceptBatcherOptions, jobs: AcceptJob[]): Promise<AcceptResult[]> {
  const s = opts.schema;
  const wakes = jobs.flatMap((j) => (j.kind === "wake" ? j.wakes : []));
  const runs = jobs.flatMap((j) => (j.kind === "run" ? j.runs : []));
  const plan = planEvents(wakes, null);
  const first = plan.events[0];
  const p = new Params();
  const parts: string[] = [];
  if (first) {
    // The first planned event joins the newest pending one when their texts are equal.
    parts.push(`bump AS (
      UPDATE ${s}.events SET repeats = repeats + ${p.add(first.repeats)}, last_at = ${p.add(first.lastAt)},
        mode = CASE WHEN ${p.add(first.mode === "now")} THEN 'now' ELSE mode END
      WHERE consumed_at IS NULL AND text = ${p.add(pgText(first.text))}
        AND id = (SELECT max(id) FROM ${s}.events WHERE consumed_at IS NULL)
      RETURNING id)`);
    parts.push(
      `ev AS (${insertEvents(s, p, plan.events, "WHERE n > 1 OR NOT EXISTS (SELECT 1 FROM bump)")})`,
    );
  }
  if (runs.length > 0) parts.push(`ru AS (${insertRuns(s, p, runs)})`);
  const signals = signalsOf(wakes, runs.length);
  parts.push(
    `sig AS (SELECT pg_notify(${p.add(opts.notify.channel)}, x) FROM unnest(${p.add(signals.map(opts.notify.payload))}::text[]) AS x)`,
  );
  const { rows } = await opts.pool.query<{ bumped: boolean }>(
    `WITH ${parts.join(",\n")}
     SELECT ${first ? "EXISTS (SELECT 1 FROM bump)" : "false"} AS bumped, (SELECT count(*) FROM sig) AS signals`,
    p.values,
  );
  // The first planned event either coalesced with the stored one or was inserted: so its first wake.
  const outcomes = [...plan.outcomes];
  if (rows[0]?.bumped) outcomes[0] = "coalesced";
  let w = 0;
  return jobs.map((job) => ({ status: "accepted", outcome: jobOutcome(job, () => outcomes[w++]!) }));
}

/**
 * The outcome of one job, `event` giving each of its wakes' outcomes in turn: a single wake or run
 * as acceptWake / acceptRun answer, a fan-out as one outcome for all its actions.
 */
function jobOutcome(job: AcceptJob, event: () => "queued" | "coalesced"): AcceptOutcome {
  if (job.kind === "run") {
    return job.fanOut ? runsOutcome(job.runs) : { kind: "run", runId: job.runs[0]!.id };
  }
  const events = job.wakes.map(() => event());
  return job.fanOut
    ? wakesOutcome(job.wakes, events)
    : { kind: "wake", mode: job.wakes[0]!.mode, event: events[0]! };
}
