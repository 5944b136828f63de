// Dedupe, coalesce and rate, decided the same way by both stores: inside an accept's transaction the
// store loads the windows, keys and rate counts the actions name (`flowKeysOf`), this planner decides
// what each action becomes, and the store applies the writes it lists, in order. Times are the actions'
// receivedAt (a window's end for its run), so that the outcome depends on the requests alone (the
// property tests replay them on a made-up clock).
//
// Rate: periods are fixed, starting at multiples of `per`. A run reaches the rate when it would start:
// at once for a plain run, when its window ends for a coalesced one. Each is given the first period
// that has room, counting from the latest one given (so held runs keep their arrival order); a period
// later than now means held until it starts (over: hold), or dropped, uncounted (over: drop).
//
// Budget: its run count is a second such count (a run must pass both, and starts in the first period
// both have room in). Its tokens are added when a run finishes (the store does it, from the run's
// mapping): a run reaching a budget whose period's tokens already reached it waits for the next period.
// A run admitted under the budget may overshoot it.
import { wrapExternalContent } from "../core/untrusted-content.js";
import { combinedWakeMode } from "../core/wake-mode.js";
import type {
  CoalesceFrame,
  CoalesceRender,
  CoalesceTemplates,
  FlowItem,
  FlowMarks,
  FlowSpec,
  NewRun,
  NewWake,
  RateCount,
  RatedRun,
  Released,
  TokenCount,
  TokenUsage,
  WakeMode,
} from "./types.js";

/**
 * An open coalesce window as the store keeps it; its requests are rows of flow_items (seq 0 to
 * count - 1), in arrival order under the table's integer key, known by the id of the window's first.
 */
export interface WindowState {
  scope: string;
  key: string;
  /** The id of its first item in flow_items; null until the store writes that item (it sets this then). */
  firstItem: number | null;
  kind: "run" | "wake";
  /** The run the window gathers into (kind run). */
  runId: string | null;
  openedAt: number;
  closesAt: number;
  max: number;
  /** Requests joined so far. */
  count: number;
  /** How the items become the message when the window ends. */
  frame: CoalesceFrame;
  /** kind wake: the event's mode (now once any request asked for it) and source. */
  mode: WakeMode | null;
  source: string | null;
  /** kind run: the mapping's rate when the window opened; its run reaches it when the window ends. */
  rate: RateSpec | null;
  /** kind run: the mapping's budget when the window opened, reached with the rate. */
  budget?: BudgetSpec | null;
}

type RateSpec = NonNullable<FlowSpec["rate"]>;
type BudgetSpec = NonNullable<FlowSpec["budget"]>;

/** A token-budgeted mapping's tokens in the period of its latest finished run, and the budget's period. */
export interface TokenState {
  perMs: number;
  periodStart: number;
  tokens: number;
}

/** The flow_rates scope of a mapping's budget run count ("/" is not in mapping ids). */
export function budgetScope(scope: string): string {
  return `${scope}/budget`;
}

/** `held_by` of a run held or dropped by its budget: `runs`, or `tokens:<budget>:<perMs>`. */
function budgetHoldBy(budget: BudgetSpec, tokens: boolean): string {
  return tokens ? `tokens:${budget.tokens}:${budget.perMs}` : `runs:${budget.runs}:${budget.perMs}`;
}

/**
 * A mapping's rate count: the latest period a run was given and how many runs it has; `held` when a run
 * was held into it (its runs then start through the release, after the held ones, in arrival order).
 */
export interface RateState {
  periodStart: number;
  count: number;
  held: boolean;
}

/** A remembered dedupe key: until when, and the run the first request got (wakes: null). */
export interface DedupeState {
  expiresAt: number;
  ref: string | null;
}

/**
 * One write of a plan; the store applies them in order, in the accept's transaction. A join is one
 * small write (its item, and the count its run shows); the message is made once, when the window ends.
 */
export type FlowOp =
  | { op: "insert-run"; run: NewRun }
  | { op: "hold-run"; runId: string; until: number; reason: "coalesce" | "rate" | "budget"; by?: string }
  /** A run past its rate or budget with over: drop; `until`: when it would have been let start. */
  | { op: "drop-run"; runId: string; until: number; reason: "rate" | "budget"; by?: string }
  | { op: "queue-run"; runId: string }
  /**
   * A request's item in `window` (the plan's own object: writing its first item, the store sets its
   * `firstItem`, which the window's later ops read); `runId`: the held run, which shows `seq + 1`
   * requests merged once it is a join.
   */
  | { op: "add-item"; window: WindowState; seq: number; item: FlowItem; runId: string | null }
  /** A wake as without flow (it may coalesce with an identical pending event). */
  | { op: "wake"; wake: NewWake }
  /** A window ends: its items become its run's message (the run is queued) or one event; then they go. */
  | { op: "end-window"; window: WindowState; render?: CoalesceRender }
  /** `window` is the plan's own object, as in add-item (its first item is written before this op). */
  | { op: "open-window"; window: WindowState }
  | { op: "window-mode"; scope: string; key: string; mode: WakeMode }
  | { op: "drop-window"; scope: string; key: string }
  | { op: "put-dedupe"; scope: string; key: string; expiresAt: number; ref: string | null }
  | { op: "put-rate"; scope: string; rate: RateState }
  /** A token-budgeted mapping's row exists with its budget's period (finished runs add to it). */
  | { op: "put-tokens"; scope: string; tokens: TokenState };

/**
 * The windows and keys loaded for a plan, by `slot(scope, key)`; rate counts by scope (null: loaded, no
 * run counted yet).
 */
export interface FlowState {
  windows: Map<string, WindowState>;
  dedupe: Map<string, DedupeState>;
  rates: Map<string, RateState | null>;
  /** Token counts by scope (null: loaded, none yet). */
  tokens: Map<string, TokenState | null>;
}

export function emptyFlowState(): FlowState {
  return { windows: new Map(), dedupe: new Map(), rates: new Map(), tokens: new Map() };
}

/** The last slot made, and its scope and key. */
let lastScope = "";
let lastKey = "";
let lastSlot = "\u0000";

/**
 * The Map key of a scope's window or dedupe key. An accept looks its window up several times (the
 * store's cache, the plan, the cache again) with the same two strings: the last slot is made again
 * only for another scope or key, so that the string is joined and hashed once, not at each lookup.
 */
export function slot(scope: string, key: string): string {
  if (key !== lastKey || scope !== lastScope) {
    lastScope = scope;
    lastKey = key;
    lastSlot = `${scope}\u0000${key}`;
  }
  return lastSlot;
}

/**
 * The windows, dedupe keys and rate counts (by scope) the actions name, for the store to load (and on
 * PostgreSQL, lock).
 */
export function flowKeysOf(actions: ReadonlyArray<NewRun | NewWake>): FlowKeysOf {
  // Most accepts are one action: its keys as they are, without the sets that merge a fan-out's.
  if (actions.length === 1) return flowKeysOfOne(actions[0]!.flow);
  const windows = new Map<string, [string, string]>();
  const dedupe = new Map<string, [string, string]>();
  const rates = new Set<string>();
  const tokens = new Set<string>();
  for (const { flow } of actions) {
    if (!flow) continue;
    if (flow.coalesce) windows.set(slot(flow.scope, flow.coalesce.key), [flow.scope, flow.coalesce.key]);
    if (flow.dedupe) dedupe.set(slot(flow.scope, flow.dedupe.key), [flow.scope, flow.dedupe.key]);
    if (flow.rate) rates.add(flow.scope);
    if (flow.budget?.runs) rates.add(budgetScope(flow.scope));
    if (flow.budget?.tokens) tokens.add(flow.scope);
  }
  return {
    windows: [...windows.values()],
    dedupe: [...dedupe.values()],
    rates: [...rates],
    tokens: [...tokens],
  };
}

/** The windows, dedupe keys, rate and token counts an accept names (each once). */
interface FlowKeysOf {
  windows: ReadonlyArray<readonly [string, string]>;
  dedupe: ReadonlyArray<readonly [string, string]>;
  rates: readonly string[];
  tokens: readonly string[];
}

const NONE: readonly never[] = Object.freeze([]);

function flowKeysOfOne(flow: FlowSpec | undefined): FlowKeysOf {
  if (!flow) return { windows: NONE, dedupe: NONE, rates: NONE, tokens: NONE };
  const { scope, coalesce, dedupe, rate, budget } = flow;
  const rates: string[] = [];
  if (rate) rates.push(scope);
  if (budget?.runs) rates.push(budgetScope(scope));
  return {
    windows: coalesce ? [[scope, coalesce.key]] : NONE,
    dedupe: dedupe ? [[scope, dedupe.key]] : NONE,
    rates: rates.length > 0 ? rates : NONE,
    tokens: budget?.tokens ? [scope] : NONE,
  };
}

/** Whether any action has flow control (else the store takes its usual path). */
export function hasFlow(actions: ReadonlyArray<NewRun | NewWake>): boolean {
  return actions.some((a) => a.flow !== undefined);
}

/** What a run became when it reached its rate (queued: it starts now). */
type RateFate = "queued" | "held" | "dropped";

/** The report of a release plan, after `started` runs held by their rate were queued. */
export function releasedOf(plan: FlowPlan, windows: readonly WindowState[], started: number): Released {
  return {
    runs: started + plan.ops.filter((op) => op.op === "queue-run").length,
    wakes: windows.filter((w) => w.kind === "wake").map((w) => w.mode ?? "now"),
    ...(plan.rated.length > 0 && { rated: plan.rated }),
  };
}

/** One count a run must have room in: its mapping's rate, or its budget's runs. */
interface Count {
  key: string;
  max: number;
  perMs: number;
  reason: "rate" | "budget";
}

/** What one action became: its run (new, the window's or the first's), and the marks for the answer. */
interface Placed {
  ref: string | null;
  coalesced: boolean;
  deduped: boolean;
  /** Its run was held or dropped by the rate in this accept. */
  fate?: RateFate;
  /** Index in `ops` of an ordinary wake, whose event outcome the store reports. */
  wakeOp?: number;
}

/** Plans the writes of one accept's actions over the loaded state (which it updates as it goes). */
export class FlowPlan {
  readonly ops: FlowOp[] = [];
  /** Runs the rate held or dropped, by scope, in order. */
  readonly rated: RatedRun[] = [];
  private readonly placed: Placed[] = [];

  constructor(private readonly state: FlowState) {}

  run(run: NewRun): void {
    const { flow } = run;
    const at = run.receivedAt;
    const repeat = this.repeat(run);
    if (repeat) return;
    let ref = run.id;
    let coalesced = false;
    let fate: RateFate | undefined;
    if (flow?.coalesce) {
      coalesced = true;
      const { key, windowMs, max, item, frame, render } = flow.coalesce;
      const id = slot(flow.scope, key);
      const open = this.openWindow(id, at, render);
      if (open) {
        ref = open.runId!;
        this.addItem(open, item, at);
        fate = this.afterJoin(id, open, at, render, false);
      } else {
        this.ops.push({ op: "insert-run", run });
        const window: WindowState = {
          scope: flow.scope,
          key,
          firstItem: null,
          kind: "run",
          runId: run.id,
          openedAt: at,
          closesAt: at + windowMs,
          max,
          count: 0,
          frame,
          mode: null,
          source: null,
          rate: flow.rate ?? null,
          budget: flow.budget ?? null,
        };
        this.ops.push({ op: "hold-run", runId: run.id, until: window.closesAt, reason: "coalesce" });
        this.addItem(window, item, at);
        fate = this.afterJoin(id, window, at, render, true);
      }
    } else {
      this.ops.push({ op: "insert-run", run });
      if (flow?.rate || flow?.budget)
        fate = this.admit(run.id, flow.scope, flow.rate, flow.budget, at, false);
    }
    this.remember(run, ref);
    this.placed.push({ ref, coalesced, deduped: false, ...(fate && fate !== "queued" && { fate }) });
  }

  /**
   * A run reaching its mapping's rate and budget at `at`: it starts (queued, which a held one needs a
   * write for: `wasHeld`), or is held until the first period every count has room in and the tokens
   * are not spent, or dropped.
   */
  private admit(
    runId: string,
    scope: string,
    rate: RateSpec | undefined,
    budget: BudgetSpec | undefined,
    at: number,
    wasHeld: boolean,
  ): RateFate {
    const counts: Count[] = [];
    if (rate) counts.push({ key: scope, max: rate.max, perMs: rate.perMs, reason: "rate" });
    if (budget?.runs) {
      counts.push({ key: budgetScope(scope), max: budget.runs, perMs: budget.perMs, reason: "budget" });
    }
    const over = rate?.over ?? budget?.over ?? "hold";
    const spent = budget?.tokens ? this.tokensOf(scope, budget, at) : undefined;
    // The earliest time every count has room and the tokens are not spent: each check can only move
    // it later, so this settles (a count with room stays so as time moves on within its period).
    let t = at;
    let by: { reason: "rate" | "budget"; tokens: boolean } | undefined;
    for (let moved = true; moved; ) {
      moved = false;
      for (const c of counts) {
        const { start, count } = this.periodAt(c, t);
        const next = count < c.max ? start : start + c.perMs;
        if (next > t) [t, moved, by] = [next, true, { reason: c.reason, tokens: false }];
      }
      if (spent && budget?.tokens) {
        const period = Math.floor(t / budget.perMs) * budget.perMs;
        if (spent.periodStart === period && spent.tokens >= budget.tokens) {
          [t, moved, by] = [period + budget.perMs, true, { reason: "budget", tokens: true }];
        }
      }
    }
    const given = counts.map((c) => {
      const { start, count, held } = this.periodAt(c, t);
      return { c, state: { periodStart: start, count: count + 1, held } as RateState };
    });
    const heldBy = given.find((g) => g.state.held);
    const reasonOf = by ?? (heldBy && { reason: heldBy.c.reason, tokens: false });
    const holdBy =
      reasonOf?.reason === "budget" && budget ? budgetHoldBy(budget, reasonOf.tokens) : undefined;
    let fate: RateFate;
    if (t > at && over === "drop") {
      this.ops.push({ op: "drop-run", runId, until: t, reason: by!.reason, ...(holdBy && { by: holdBy }) });
      fate = "dropped";
    } else {
      if (t > at || heldBy) {
        // A period some runs were held into starts them through the release, in arrival order: a run
        // of that period arriving later waits for the same release (at most one poll).
        for (const g of given) g.state.held = true;
        const until =
          t > at ? t : Math.max(...given.filter((g) => g.state.held).map((g) => g.state.periodStart));
        this.ops.push({
          op: "hold-run",
          runId,
          until,
          reason: reasonOf!.reason,
          ...(holdBy && { by: holdBy }),
        });
        fate = "held";
      } else {
        if (wasHeld) this.ops.push({ op: "queue-run", runId });
        fate = "queued";
      }
      for (const g of given) {
        this.state.rates.set(g.c.key, g.state);
        this.ops.push({ op: "put-rate", scope: g.c.key, rate: { ...g.state } });
      }
    }
    if (fate !== "queued" && (reasonOf?.reason ?? "rate") === "rate") this.rated.push({ scope, fate });
    return fate;
  }

  /** A count's period at `t` (the latest given, if later) with its runs so far. */
  private periodAt(c: Count, t: number): { start: number; count: number; held: boolean } {
    const now = Math.floor(t / c.perMs) * c.perMs;
    const state = this.state.rates.get(c.key) ?? undefined;
    if (!state || state.periodStart < now) return { start: now, count: 0, held: false };
    return { start: state.periodStart, count: state.count, held: state.held };
  }

  /** The mapping's token count, its row put first when missing or of another period length. */
  private tokensOf(scope: string, budget: BudgetSpec, at: number): TokenState {
    const state = this.state.tokens.get(scope) ?? undefined;
    if (state && state.perMs === budget.perMs) return state;
    const fresh = {
      perMs: budget.perMs,
      periodStart: Math.floor(at / budget.perMs) * budget.perMs,
      tokens: 0,
    };
    this.state.tokens.set(scope, fresh);
    this.ops.push({ op: "put-tokens", scope, tokens: { ...fresh } });
    return fresh;
  }

  wake(wake: NewWake): void {
    const { flow } = wake;
    const at = wake.receivedAt;
    if (this.repeat(wake)) return;
    if (flow?.coalesce) {
      const { key, windowMs, max, item, frame, render } = flow.coalesce;
      const id = slot(flow.scope, key);
      const open = this.openWindow(id, at, render);
      const window: WindowState = open ?? {
        scope: flow.scope,
        key,
        firstItem: null,
        kind: "wake",
        runId: null,
        openedAt: at,
        closesAt: at + windowMs,
        max,
        count: 0,
        frame,
        mode: wake.mode,
        source: wake.source,
        rate: null,
      };
      if (open && wake.mode === "now" && open.mode !== "now") {
        open.mode = "now";
        this.ops.push({ op: "window-mode", scope: open.scope, key: open.key, mode: "now" });
      }
      this.addItem(window, item, at);
      this.afterJoin(id, window, at, render, !open);
      this.remember(wake, null);
      this.placed.push({ ref: null, coalesced: true, deduped: false });
      return;
    }
    this.ops.push({ op: "wake", wake });
    this.remember(wake, null);
    this.placed.push({ ref: null, coalesced: false, deduped: false, wakeOp: this.ops.length - 1 });
  }

  /**
   * Whether the writes leave a run queued (inserted and neither held nor dropped, or queued once held):
   * work for the run worker. A join to a window that stays open queues nothing.
   */
  queuesRuns(): boolean {
    let inserts = false;
    for (const op of this.ops) {
      if (op.op === "queue-run") return true;
      if (op.op === "insert-run") inserts = true;
    }
    // A join inserts nothing: no set of the held ones to build.
    if (!inserts) return false;
    const held = new Set<string>();
    for (const op of this.ops) if (op.op === "hold-run" || op.op === "drop-run") held.add(op.runId);
    return this.ops.some((op) => op.op === "insert-run" && !held.has(op.run.id));
  }

  /** The outcome of runs planned, `stored` the run ids as placed. */
  runsOutcome(fanOut: boolean): { runId: string; runIds?: string[] } & FlowMarks {
    const ids = this.placed.map((p) => p.ref!);
    return {
      runId: ids[0]!,
      ...(fanOut && { runIds: ids }),
      ...this.marks(),
    };
  }

  /** The outcome of wakes planned, given the event outcome of each ordinary wake op (by op index). */
  wakesOutcome(
    wakes: readonly NewWake[],
    fanOut: boolean,
    /** Undefined when the plan has no ordinary wake. */
    events: ReadonlyMap<number, "queued" | "coalesced"> | undefined,
  ): { mode: WakeMode; event: "queued" | "coalesced"; count?: number } & FlowMarks {
    const queued = this.placed.some((p) => p.wakeOp !== undefined && events?.get(p.wakeOp) === "queued");
    return {
      mode: combinedWakeMode(wakes),
      event: queued ? "queued" : "coalesced",
      ...(fanOut && { count: wakes.length }),
      ...this.marks(),
    };
  }

  private marks(): FlowMarks {
    // One pass, one object: this runs for every flow-controlled request.
    let coalesced = false;
    let deduped = true;
    let held = false;
    let dropped = false;
    for (const p of this.placed) {
      if (p.coalesced) coalesced = true;
      if (!p.deduped) deduped = false;
      if (p.fate === "held") held = true;
      else if (p.fate === "dropped") dropped = true;
    }
    const marks: FlowMarks = {};
    if (coalesced) marks.coalesced = true;
    if (deduped) marks.deduped = true;
    if (held) marks.held = true;
    if (dropped) marks.dropped = true;
    return marks;
  }

  /** A repeat of a live dedupe key: placed as the first request's, nothing written. */
  private repeat(action: NewRun | NewWake): boolean {
    const dedupe = action.flow?.dedupe;
    if (!dedupe) return false;
    const seen = this.state.dedupe.get(slot(action.flow!.scope, dedupe.key));
    if (!seen || seen.expiresAt <= action.receivedAt) return false;
    this.placed.push({ ref: seen.ref, coalesced: false, deduped: true });
    return true;
  }

  private remember(action: NewRun | NewWake, ref: string | null): void {
    const dedupe = action.flow?.dedupe;
    if (!dedupe) return;
    const scope = action.flow!.scope;
    const state = { expiresAt: action.receivedAt + dedupe.windowMs, ref };
    this.state.dedupe.set(slot(scope, dedupe.key), state);
    this.ops.push({ op: "put-dedupe", scope, key: dedupe.key, ...state });
  }

  /** The window of `id` still open at `at`; one whose time is up is ended first (at its end). */
  private openWindow(id: string, at: number, render: CoalesceRender | undefined): WindowState | undefined {
    const window = this.state.windows.get(id);
    if (!window) return undefined;
    if (window.closesAt > at) return window;
    this.release(window, render);
    return undefined;
  }

  private addItem(window: WindowState, message: string, at: number): void {
    const seq = window.count++;
    this.ops.push({
      op: "add-item",
      window,
      seq,
      item: { message, at },
      runId: window.runId,
    });
  }

  /**
   * Keeps the window (a `fresh` one gets its row), or ends it at `at` once it holds `max` requests;
   * what became of its run then.
   */
  private afterJoin(
    id: string,
    window: WindowState,
    at: number,
    render: CoalesceRender | undefined,
    fresh: boolean,
  ): RateFate | undefined {
    if (window.count >= window.max) {
      // A window opened here has no row yet: ending it is composing its run (or adding its event).
      return this.release(window, render, fresh, at);
    }
    this.state.windows.set(id, window);
    if (fresh) this.ops.push({ op: "open-window", window });
    return undefined;
  }

  private budgetLoaded(scope: string, budget: BudgetSpec): boolean {
    return (
      (!budget.runs || this.state.rates.has(budgetScope(scope))) &&
      (!budget.tokens || this.state.tokens.has(scope))
    );
  }

  /**
   * Ends a window at `at` (by default its end): its items become its run's message, and the run reaches
   * its rate (if any) and is queued, held or dropped; or its wakes become one event. `unsaved`: it has
   * no row to drop.
   */
  release(
    window: WindowState,
    render?: CoalesceRender,
    unsaved = false,
    at = window.closesAt,
  ): RateFate | undefined {
    this.state.windows.delete(slot(window.scope, window.key));
    // The window itself: its first item's id may be written by an op before this one.
    this.ops.push({ op: "end-window", window, ...(render && { render }) });
    let fate: RateFate | undefined;
    if (window.kind === "run") {
      // A rate or budget whose count was not loaded belongs to a mapping that no longer has one (or an
      // accept holds it, on PostgreSQL): left out, the run starts as far as it goes.
      const rate = window.rate && this.state.rates.has(window.scope) ? window.rate : undefined;
      const budget =
        window.budget && this.budgetLoaded(window.scope, window.budget) ? window.budget : undefined;
      if (rate || budget) {
        fate = this.admit(window.runId!, window.scope, rate, budget, at, true);
      } else this.ops.push({ op: "queue-run", runId: window.runId! });
    }
    if (!unsaved) this.ops.push({ op: "drop-window", scope: window.scope, key: window.key });
    return fate;
  }
}

/**
 * The message of a window's run (a wake window: its event's text) from its items in arrival order:
 * the mapping's coalesceTemplate when the window was opened with one and `render` has it, else the
 * messages joined; a run's is wrapped once as untrusted content, with the window's run id and the
 * time of its first request.
 */
export function composeWindow(
  window: WindowState,
  items: readonly FlowItem[],
  render: CoalesceRender | undefined,
): string {
  const text =
    render && window.frame.template
      ? render(items, window.key)
      : joinedMessages(
          window,
          items.map((i) => i.message),
        );
  const { wrap } = window.frame;
  if (window.kind !== "run" || !wrap) return text;
  return wrapExternalContent(text, {
    ...wrap,
    runId: window.runId!,
    receivedAt: items[0]?.at ?? window.openedAt,
  });
}

/**
 * Whether composeWindow reads the items' times: for the coalesceTemplate, or for a run's wrapper (the
 * time of its first request). Else the message is joinedMessages of the items' messages alone.
 */
export function readsItemTimes(window: WindowState, render: CoalesceRender | undefined): boolean {
  return (
    (render !== undefined && window.frame.template === true) || (window.kind === "run" && !!window.frame.wrap)
  );
}

/** A window's messages as one, without a template: joined by the frame's separator. */
export function joinedMessages(window: WindowState, messages: readonly string[]): string {
  return messages.join(window.frame.separator);
}

/**
 * The windows a release at `at` ends: those of mappings with a coalesceTemplate only when `templates`
 * can render them (a process without the rules leaves them to one with them), each with its template.
 */
export function dueWindows(
  windows: readonly WindowState[],
  templates: CoalesceTemplates | undefined,
): Array<{ window: WindowState; render?: CoalesceRender }> {
  const due: Array<{ window: WindowState; render?: CoalesceRender }> = [];
  for (const window of windows) {
    if (!window.frame.template) due.push({ window });
    else if (templates) {
      const render = templates(window.scope);
      due.push({ window, ...(render && { render }) });
    }
  }
  return due;
}

/** Column values of a window row, for both stores (`items` and `text` are no longer used: see flow_items). */
export function windowParams(w: WindowState): unknown[] {
  return [
    w.scope,
    w.key,
    w.kind,
    w.runId,
    w.openedAt,
    w.closesAt,
    w.max,
    "[]",
    w.mode,
    w.source,
    JSON.stringify(w.frame),
    w.rate && JSON.stringify(w.rate),
    w.budget ? JSON.stringify(w.budget) : null,
    w.firstItem,
  ];
}

export const WINDOW_COLUMNS =
  "scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, frame, rate, budget, first_item" as const;

/**
 * The select list of a window row with its count of items (seq runs from 0 without gaps, so the
 * count is the last seq + 1: one step down the (first_item, seq) index rather than a walk over its
 * items); `s` is the schema prefix ("" or `"x".`).
 */
export function windowSelect(s = ""): string {
  return `w.scope, w.key, w.kind, w.run_id, w.opened_at, w.closes_at, w.max, w.mode, w.source, w.frame, w.rate, w.budget,
    w.first_item, coalesce((SELECT max(i.seq) + 1 FROM ${s}flow_items i WHERE i.first_item = w.first_item), 0) AS count`;
}

/** A window row as both stores read it (PostgreSQL's bigint columns come back as numbers: see connect.ts). */
export interface WindowRow {
  scope: string;
  key: string;
  kind: string;
  run_id: string | null;
  opened_at: number | string;
  closes_at: number | string;
  max: number;
  mode: string | null;
  source: string | null;
  frame: string;
  count: number | string;
  rate: string | null;
  budget: string | null;
  first_item: number | string | null;
}

export function windowFromRow(row: WindowRow): WindowState {
  return {
    scope: row.scope,
    key: row.key,
    firstItem: row.first_item === null ? null : Number(row.first_item),
    kind: row.kind === "wake" ? "wake" : "run",
    runId: row.run_id,
    openedAt: Number(row.opened_at),
    closesAt: Number(row.closes_at),
    max: row.max,
    count: Number(row.count),
    frame: JSON.parse(row.frame) as CoalesceFrame,
    mode: (row.mode as WakeMode | null) ?? null,
    source: row.source,
    rate: row.rate ? (JSON.parse(row.rate) as RateSpec) : null,
    budget: row.budget ? (JSON.parse(row.budget) as BudgetSpec) : null,
  };
}

/** Runs a mapping's rate lets start in the period of `now`: none while runs are held into a later one. */
export function rateLeft(
  rate: { max: number; perMs: number },
  count: RateCount | undefined,
  now: number,
): number {
  const period = Math.floor(now / rate.perMs) * rate.perMs;
  if (!count || count.periodStart < period) return rate.max;
  if (count.periodStart > period) return 0;
  return Math.max(0, rate.max - count.count);
}

/** A rate count row as both stores read it. */
export interface RateRow {
  period_start: number | string;
  count: number;
  held: number;
}

export function rateFromRow(row: RateRow): RateState {
  return { periodStart: Number(row.period_start), count: row.count, held: Boolean(row.held) };
}

/** What a mapping's budget lets happen in the period of `now`: runs it may still start, tokens left. */
export function budgetLeft(
  budget: { runs?: number; tokens?: number; perMs: number },
  runs: RateCount | undefined,
  tokens: TokenCount | undefined,
  now: number,
): { runs?: number; tokens?: number } {
  const period = Math.floor(now / budget.perMs) * budget.perMs;
  const spent = tokens && tokens.periodStart === period ? tokens.tokens : 0;
  return {
    ...(budget.runs !== undefined && {
      runs: rateLeft({ max: budget.runs, perMs: budget.perMs }, runs, now),
    }),
    ...(budget.tokens !== undefined && { tokens: Math.max(0, budget.tokens - spent) }),
  };
}

/** A token count row as both stores read it. */
export interface TokenRow {
  per_ms: number | string;
  period_start: number | string;
  tokens: number | string;
}

export function tokensFromRow(row: TokenRow): TokenState {
  return { perMs: Number(row.per_ms), periodStart: Number(row.period_start), tokens: Number(row.tokens) };
}

/** The tokens a finished run spent, as its runner reported them (none reported: 0). */
export function tokensSpent(usage: TokenUsage | undefined): number {
  if (!usage) return 0;
  return usage.totalTokens ?? (usage.promptTokens ?? 0) + (usage.completionTokens ?? 0);
}
