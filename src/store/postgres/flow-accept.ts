// Accepts of mappings with flow control on PostgreSQL, each in a transaction of its own (they do not
// join the group commit): the keys the actions name are locked first (transaction-scoped advisory
// locks, in key order), so that two instances accepting one key take turns and the second sees the
// first's window: two instances coalescing one key make one run, and two instances share one rate
// count per mapping. Then the windows, keys and counts are read, the shared planner (../flow.ts)
// decides, and its writes are applied in order.
import type pg from "pg";
import {
  budgetScope,
  composeWindow,
  dueWindows,
  emptyFlowState,
  FlowPlan,
  type FlowState,
  flowKeysOf,
  type RateRow,
  rateFromRow,
  releasedOf,
  slot,
  type TokenRow,
  tokensFromRow,
  WINDOW_COLUMNS,
  type WindowRow,
  type WindowState,
  windowFromRow,
  windowParams,
  windowSelect,
} from "../flow.js";
import { repeatOf, storedOutcome } from "../stored-outcome.js";
import type {
  AcceptOutcome,
  AcceptResult,
  CoalesceRender,
  CoalesceTemplates,
  FlowItem,
  IdempotencyRef,
  NewRun,
  NewWake,
  Released,
} from "../types.js";
import { insertRuns, Params } from "./accept.js";
import { pgText } from "./connect.js";

export interface FlowAcceptContext {
  client: pg.PoolClient;
  /** Quoted schema name. */
  s: string;
  now: number;
  /** Sends `run` / `heartbeat` to the other instances (delivered at COMMIT). */
  notify: (signals: Array<"run" | "heartbeat">) => Promise<void>;
}

/**
 * Advisory lock namespace of flow keys ("hkf"). A key is hashed with its schema: advisory locks are
 * database-wide, and deployments in other schemas of one database must not wait on each other's keys.
 */
const FLOW_LOCKS = 0x686b66;

export async function acceptFlowed(
  ctx: FlowAcceptContext,
  kind: "wake" | "run",
  actions: NewWake[] | NewRun[],
  fanOut: boolean,
  idem: IdempotencyRef | undefined,
): Promise<AcceptResult> {
  const { client, s } = ctx;
  if (idem) {
    const earlier = await client.query<{ response: string; fingerprint: string | null }>(
      `SELECT response, fingerprint FROM ${s}.idempotency WHERE scope = $1 AND key = $2 AND expires_at > $3
       FOR UPDATE`,
      [idem.scope, idem.key, ctx.now],
    );
    const row = earlier.rows[0];
    if (row)
      return repeatOf(idem, { fingerprint: row.fingerprint, outcome: () => storedOutcome(row.response) });
  }
  const keys = flowKeysOf(actions);
  // In one order (no deadlock between two accepts of the same keys); PostgreSQL text holds no NUL.
  const slots = [...keys.windows, ...keys.dedupe, ...keys.rates.map(rateSlot)]
    .map((pair) => JSON.stringify(pair))
    .sort();
  for (const one of new Set(slots)) {
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2::text || $3::text))", [
      FLOW_LOCKS,
      s,
      one,
    ]);
  }
  const state = emptyFlowState();
  for (const [scope, key] of keys.windows) {
    const { rows } = await client.query<WindowRow>(
      `SELECT ${windowSelect(`${s}.`)} FROM ${s}.flow_windows w WHERE w.scope = $1 AND w.key = $2 FOR UPDATE`,
      [scope, key],
    );
    if (rows[0]) state.windows.set(slot(scope, key), windowFromRow(rows[0]));
  }
  for (const [scope, key] of keys.dedupe) {
    const { rows } = await client.query<{ expires_at: string | number; ref: string | null }>(
      `SELECT expires_at, ref FROM ${s}.flow_dedupe WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    if (rows[0])
      state.dedupe.set(slot(scope, key), { expiresAt: Number(rows[0].expires_at), ref: rows[0].ref });
  }
  await loadRates(ctx, state, keys.rates);
  await loadTokens(ctx, state, keys.tokens);
  const plan = new FlowPlan(state);
  let outcome: AcceptOutcome;
  if (kind === "run") {
    for (const run of actions as NewRun[]) plan.run(run);
    await applyFlow(ctx, plan);
    outcome = { kind: "run", ...plan.runsOutcome(fanOut) };
  } else {
    for (const wake of actions as NewWake[]) plan.wake(wake);
    const events = await applyFlow(ctx, plan);
    outcome = { kind: "wake", ...plan.wakesOutcome(actions as NewWake[], fanOut, events) };
  }
  if (idem) {
    await client.query(
      `INSERT INTO ${s}.idempotency (scope, key, expires_at, response, fingerprint) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope, key) DO UPDATE SET expires_at = excluded.expires_at, response = excluded.response,
         fingerprint = excluded.fingerprint`,
      [
        idem.scope,
        idem.key,
        ctx.now + idem.ttlSeconds * 1000,
        JSON.stringify(outcome),
        idem.fingerprint ?? null,
      ],
    );
  }
  return {
    status: "accepted",
    outcome,
    ...(kind === "run" && !plan.queuesRuns() && { nothingQueued: true }),
  };
}

async function loadTokens(ctx: FlowAcceptContext, state: FlowState, scopes: Iterable<string>): Promise<void> {
  for (const scope of scopes) {
    const { rows } = await ctx.client.query<TokenRow>(
      `SELECT per_ms, period_start, tokens FROM ${ctx.s}.flow_tokens WHERE scope = $1`,
      [scope],
    );
    state.tokens.set(scope, rows[0] ? tokensFromRow(rows[0]) : null);
  }
}

/** The advisory lock slot of a mapping's rate count (a window's or key's slot is a pair). */
function rateSlot(scope: string): [string] {
  return [scope];
}

async function loadRates(ctx: FlowAcceptContext, state: FlowState, scopes: Iterable<string>): Promise<void> {
  for (const scope of scopes) {
    const { rows } = await ctx.client.query<RateRow>(
      `SELECT period_start, count, held FROM ${ctx.s}.flow_rates WHERE scope = $1`,
      [scope],
    );
    state.rates.set(scope, rows[0] ? rateFromRow(rows[0]) : null);
  }
}

/**
 * Queues the runs held by their rate whose period has come, and ends the windows due at `at` that no
 * other transaction holds (and that `templates` can render). A window whose mapping's rate count an
 * accept holds is left for the next look: waiting for it while holding the window's row could deadlock
 * with that accept.
 */
export async function releaseDue(
  ctx: FlowAcceptContext,
  at: number,
  templates: CoalesceTemplates | undefined,
): Promise<Released> {
  const started = await ctx.client.query(
    `UPDATE ${ctx.s}.runs SET status = 'queued', held_reason = NULL, held_until = NULL, held_by = NULL
     WHERE status = 'held' AND held_reason IN ('rate', 'budget') AND held_until <= $1`,
    [at],
  );
  const { rows } = await ctx.client.query<WindowRow>(
    `SELECT ${windowSelect(`${ctx.s}.`)} FROM ${ctx.s}.flow_windows w WHERE w.closes_at <= $1
     ORDER BY w.opened_at, w.run_id FOR UPDATE SKIP LOCKED`,
    [at],
  );
  // Rate counts by their scope: a mapping's own, and its budget's ("<mapping>/budget").
  const due = dueWindows(rows.map(windowFromRow), templates);
  const locked = new Map<string, boolean>();
  const countsOf = (w: WindowState): string[] => [
    ...(w.rate ? [w.scope] : []),
    ...(w.budget?.runs ? [budgetScope(w.scope)] : []),
  ];
  for (const scope of [...new Set(due.flatMap((d) => countsOf(d.window)))].sort()) {
    const { rows: got } = await ctx.client.query<{ ok: boolean }>(
      "SELECT pg_try_advisory_xact_lock($1, hashtext($2::text || $3::text)) AS ok",
      [FLOW_LOCKS, ctx.s, JSON.stringify(rateSlot(scope))],
    );
    locked.set(scope, got[0]!.ok);
  }
  const ending = due.filter((d) => countsOf(d.window).every((c) => locked.get(c) !== false));
  const state = emptyFlowState();
  await loadRates(
    ctx,
    state,
    [...locked].flatMap(([scope, ok]) => (ok ? [scope] : [])),
  );
  await loadTokens(
    ctx,
    state,
    new Set(ending.filter((d) => d.window.budget?.tokens).map((d) => d.window.scope)),
  );
  const plan = new FlowPlan(state);
  for (const { window, render } of ending) plan.release(window, render);
  await applyFlow(ctx, plan);
  if (started.rowCount) await ctx.notify(["run"]);
  return releasedOf(
    plan,
    ending.map((d) => d.window),
    started.rowCount ?? 0,
  );
}

/**
 * A window's items become its run's message (the plan then queues, holds or drops the run) or one
 * event; then they are deleted.
 */
async function endWindow(
  ctx: FlowAcceptContext,
  window: WindowState,
  render: CoalesceRender | undefined,
): Promise<void> {
  const { client, s } = ctx;
  const { rows } = await client.query<{ message: string; at: string | number }>(
    `SELECT message, at FROM ${s}.flow_items WHERE first_item = $1 ORDER BY seq`,
    [window.firstItem],
  );
  const items: FlowItem[] = rows.map((r) => ({ message: r.message, at: Number(r.at) }));
  const message = pgText(composeWindow(window, items, render));
  if (window.kind === "run") {
    await client.query(`UPDATE ${s}.runs SET message = $1, merged = $2 WHERE id = $3 AND status = 'held'`, [
      message,
      items.length > 1 ? items.length : null,
      window.runId,
    ]);
  } else {
    await client.query(
      `INSERT INTO ${s}.events (text, source, mode, repeats, created_at, last_at) VALUES ($1, $2, $3, 1, $4, $4)`,
      [message, pgText(window.source ?? "wake"), window.mode ?? "now", window.openedAt],
    );
  }
  await client.query(`DELETE FROM ${s}.flow_items WHERE first_item = $1`, [window.firstItem]);
}

/**
 * A window's request, appended to flow_items (in arrival order under its identity key). A window's
 * first item is its own first_item: the id is drawn first, then written twice.
 */
async function addItem(
  ctx: FlowAcceptContext,
  window: WindowState,
  seq: number,
  item: FlowItem,
): Promise<void> {
  const { client, s } = ctx;
  if (window.firstItem === null) {
    const { rows } = await client.query<{ id: string | number }>(
      `INSERT INTO ${s}.flow_items (id, first_item, seq, at, message)
       SELECT n, n, $2, $3, $4 FROM (SELECT nextval(pg_get_serial_sequence($1, 'id')) AS n) x RETURNING id`,
      [`${s}.flow_items`, seq, item.at, pgText(item.message)],
    );
    window.firstItem = Number(rows[0]!.id);
    return;
  }
  await client.query(`INSERT INTO ${s}.flow_items (first_item, seq, at, message) VALUES ($1, $2, $3, $4)`, [
    window.firstItem,
    seq,
    item.at,
    pgText(item.message),
  ]);
}

/** Applies a plan's writes in order; the event outcome of each ordinary wake, by op index. */
async function applyFlow(
  ctx: FlowAcceptContext,
  plan: FlowPlan,
): Promise<Map<number, "queued" | "coalesced">> {
  const { client, s } = ctx;
  const { ops } = plan;
  const events = new Map<number, "queued" | "coalesced">();
  const signals = new Set<"run" | "heartbeat">();
  for (const [i, op] of ops.entries()) {
    switch (op.op) {
      case "insert-run": {
        const p = new Params();
        await client.query(insertRuns(s, p, [op.run]), p.values);
        signals.add("run");
        break;
      }
      case "hold-run":
        await client.query(
          `UPDATE ${s}.runs SET status = 'held', held_reason = $1, held_until = $2, held_by = $4 WHERE id = $3`,
          [op.reason, op.until, op.runId, op.by ?? null],
        );
        break;
      case "drop-run":
        await client.query(
          `UPDATE ${s}.runs SET status = 'dropped', held_reason = $4, held_until = $1, held_by = $5,
             finished_at = $2 WHERE id = $3`,
          [op.until, ctx.now, op.runId, op.reason, op.by ?? null],
        );
        break;
      case "put-tokens":
        await client.query(
          `INSERT INTO ${s}.flow_tokens (scope, per_ms, period_start, tokens) VALUES ($1, $2, $3, $4)
           ON CONFLICT (scope) DO UPDATE SET per_ms = excluded.per_ms`,
          [op.scope, op.tokens.perMs, op.tokens.periodStart, op.tokens.tokens],
        );
        break;
      case "put-rate":
        await client.query(
          `INSERT INTO ${s}.flow_rates (scope, period_start, count, held) VALUES ($1, $2, $3, $4)
           ON CONFLICT (scope) DO UPDATE SET period_start = excluded.period_start, count = excluded.count,
             held = excluded.held`,
          [op.scope, op.rate.periodStart, op.rate.count, op.rate.held ? 1 : 0],
        );
        break;
      case "add-item":
        await addItem(ctx, op.window, op.seq, op.item);
        if (op.runId !== null && op.seq > 0) {
          await client.query(`UPDATE ${s}.runs SET merged = $1 WHERE id = $2`, [op.seq + 1, op.runId]);
        }
        break;
      case "end-window":
        await endWindow(ctx, op.window, op.render);
        if (op.window.kind === "wake" && op.window.mode === "now") signals.add("heartbeat");
        break;
      case "queue-run":
        await client.query(
          `UPDATE ${s}.runs SET status = 'queued', held_reason = NULL, held_until = NULL
           WHERE id = $1 AND status = 'held'`,
          [op.runId],
        );
        signals.add("run");
        break;
      case "wake":
        events.set(i, await insertWake(ctx, op.wake));
        if (op.wake.mode === "now") signals.add("heartbeat");
        break;
      case "open-window":
        await client.query(
          `INSERT INTO ${s}.flow_windows (${WINDOW_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
           ON CONFLICT (scope, key) DO UPDATE SET kind = excluded.kind, run_id = excluded.run_id,
             opened_at = excluded.opened_at, closes_at = excluded.closes_at, max = excluded.max,
             items = excluded.items, mode = excluded.mode, source = excluded.source, frame = excluded.frame,
             rate = excluded.rate, budget = excluded.budget, first_item = excluded.first_item`,
          windowParams(op.window).map((v) => (typeof v === "string" ? pgText(v) : v)),
        );
        break;
      case "window-mode":
        await client.query(`UPDATE ${s}.flow_windows SET mode = $1 WHERE scope = $2 AND key = $3`, [
          op.mode,
          op.scope,
          op.key,
        ]);
        break;
      case "drop-window":
        await client.query(`DELETE FROM ${s}.flow_windows WHERE scope = $1 AND key = $2`, [op.scope, op.key]);
        break;
      case "put-dedupe":
        await client.query(
          `INSERT INTO ${s}.flow_dedupe (scope, key, expires_at, ref) VALUES ($1, $2, $3, $4)
           ON CONFLICT (scope, key) DO UPDATE SET expires_at = excluded.expires_at, ref = excluded.ref`,
          [op.scope, op.key, op.expiresAt, op.ref],
        );
        break;
    }
  }
  // A held or dropped run is not work yet: only runs queued (or released) wake the other instances.
  if (!plan.queuesRuns()) signals.delete("run");
  if (signals.size > 0) await ctx.notify([...signals]);
  return events;
}

/** A wake as the batch writes one: it coalesces with the newest pending event of the same text. */
async function insertWake(ctx: FlowAcceptContext, wake: NewWake): Promise<"queued" | "coalesced"> {
  const { client, s } = ctx;
  const bumped = await client.query(
    `UPDATE ${s}.events SET repeats = repeats + 1, last_at = $1,
       mode = CASE WHEN $2 THEN 'now' ELSE mode END
     WHERE consumed_at IS NULL AND text = $3
       AND id = (SELECT max(id) FROM ${s}.events WHERE consumed_at IS NULL)`,
    [wake.receivedAt, wake.mode === "now", pgText(wake.text)],
  );
  if (bumped.rowCount) return "coalesced";
  await client.query(
    `INSERT INTO ${s}.events (text, source, mode, repeats, created_at, last_at) VALUES ($1, $2, $3, 1, $4, $4)`,
    [pgText(wake.text), pgText(wake.source), wake.mode, wake.receivedAt],
  );
  return "queued";
}
