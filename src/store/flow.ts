// Dedupe and coalesce, decided the same way by both stores: inside an accept's transaction the store
// loads the windows and keys the actions name (`flowKeysOf`), this planner decides what each action
// becomes, and the store applies the writes it lists, in order. Times are the actions' receivedAt, so
// that the outcome depends on the requests alone (the property tests replay them on a made-up clock).
import { combinedWakeMode } from "../core/wake-mode.js";
import type { FlowItem, FlowMarks, NewRun, NewWake, WakeMode } from "./types.js";

/** An open coalesce window as the store keeps it. */
export interface WindowState {
  scope: string;
  key: string;
  kind: "run" | "wake";
  /** The run the window gathers into (kind run). */
  runId: string | null;
  openedAt: number;
  closesAt: number;
  max: number;
  items: FlowItem[];
  /** kind wake: the event's mode (now once any request asked for it), source and text so far. */
  mode: WakeMode | null;
  source: string | null;
  text: string | null;
}

/** A remembered dedupe key: until when, and the run the first request got (wakes: null). */
export interface DedupeState {
  expiresAt: number;
  ref: string | null;
}

/** One write of a plan; the store applies them in order, in the accept's transaction. */
export type FlowOp =
  | { op: "insert-run"; run: NewRun }
  | { op: "hold-run"; runId: string; until: number }
  | { op: "merge-run"; runId: string; message: string; merged: number }
  | { op: "queue-run"; runId: string }
  /** A wake as without flow (it may coalesce with an identical pending event). */
  | { op: "wake"; wake: NewWake }
  | { op: "event"; text: string; source: string; mode: WakeMode; at: number }
  /** A window opened (`fresh`: its row is new) or joined (only its items, mode and text change). */
  | { op: "put-window"; window: WindowState; fresh: boolean }
  | { op: "drop-window"; scope: string; key: string }
  | { op: "put-dedupe"; scope: string; key: string; expiresAt: number; ref: string | null };

/** The windows and keys loaded for a plan, by `slot(scope, key)`. */
export interface FlowState {
  windows: Map<string, WindowState>;
  dedupe: Map<string, DedupeState>;
}

export function slot(scope: string, key: string): string {
  return `${scope}\u0000${key}`;
}

/** The windows and dedupe keys the actions name, for the store to load (and on PostgreSQL, lock). */
export function flowKeysOf(actions: ReadonlyArray<NewRun | NewWake>): {
  windows: Array<[string, string]>;
  dedupe: Array<[string, string]>;
} {
  const windows = new Map<string, [string, string]>();
  const dedupe = new Map<string, [string, string]>();
  for (const { flow } of actions) {
    if (!flow) continue;
    if (flow.coalesce) windows.set(slot(flow.scope, flow.coalesce.key), [flow.scope, flow.coalesce.key]);
    if (flow.dedupe) dedupe.set(slot(flow.scope, flow.dedupe.key), [flow.scope, flow.dedupe.key]);
  }
  return { windows: [...windows.values()], dedupe: [...dedupe.values()] };
}

/** Whether any action has flow control (else the store takes its usual path). */
export function hasFlow(actions: ReadonlyArray<NewRun | NewWake>): boolean {
  return actions.some((a) => a.flow !== undefined);
}

/** What one action became: its run (new, the window's or the first's), and the marks for the answer. */
interface Placed {
  ref: string | null;
  coalesced: boolean;
  deduped: boolean;
  /** Index in `ops` of an ordinary wake, whose event outcome the store reports. */
  wakeOp?: number;
}

/** Plans the writes of one accept's actions over the loaded state (which it updates as it goes). */
export class FlowPlan {
  readonly ops: FlowOp[] = [];
  private readonly placed: Placed[] = [];

  constructor(private readonly state: FlowState) {}

  run(run: NewRun): void {
    const { flow } = run;
    const at = run.receivedAt;
    const repeat = this.repeat(run);
    if (repeat) return;
    let ref = run.id;
    let coalesced = false;
    if (flow?.coalesce) {
      coalesced = true;
      const { key, windowMs, max, item, compose } = flow.coalesce;
      const id = slot(flow.scope, key);
      const open = this.openWindow(id, at);
      if (open) {
        open.items.push({ message: item, at });
        ref = open.runId!;
        this.ops.push({
          op: "merge-run",
          runId: ref,
          message: compose(open.items, ref),
          merged: open.items.length,
        });
        this.afterJoin(id, open);
      } else {
        const items = [{ message: item, at }];
        this.ops.push({ op: "insert-run", run: { ...run, message: compose(items, run.id) } });
        const window: WindowState = {
          scope: flow.scope,
          key,
          kind: "run",
          runId: run.id,
          openedAt: at,
          closesAt: at + windowMs,
          max,
          items,
          mode: null,
          source: null,
          text: null,
        };
        this.ops.push({ op: "hold-run", runId: run.id, until: window.closesAt });
        this.afterJoin(id, window);
      }
    } else {
      this.ops.push({ op: "insert-run", run });
    }
    this.remember(run, ref);
    this.placed.push({ ref, coalesced, deduped: false });
  }

  wake(wake: NewWake): void {
    const { flow } = wake;
    const at = wake.receivedAt;
    if (this.repeat(wake)) return;
    if (flow?.coalesce) {
      const { key, windowMs, max, item, compose } = flow.coalesce;
      const id = slot(flow.scope, key);
      let window = this.openWindow(id, at);
      if (window) {
        window.items.push({ message: item, at });
        if (wake.mode === "now") window.mode = "now";
      } else {
        window = {
          scope: flow.scope,
          key,
          kind: "wake",
          runId: null,
          openedAt: at,
          closesAt: at + windowMs,
          max,
          items: [{ message: item, at }],
          mode: wake.mode,
          source: wake.source,
          text: null,
        };
      }
      window.text = compose(window.items, "");
      this.afterJoin(id, window);
      this.remember(wake, null);
      this.placed.push({ ref: null, coalesced: true, deduped: false });
      return;
    }
    this.ops.push({ op: "wake", wake });
    this.remember(wake, null);
    this.placed.push({ ref: null, coalesced: false, deduped: false, wakeOp: this.ops.length - 1 });
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
    events: ReadonlyMap<number, "queued" | "coalesced">,
  ): { mode: WakeMode; event: "queued" | "coalesced"; count?: number } & FlowMarks {
    const queued = this.placed.some((p) => p.wakeOp !== undefined && events.get(p.wakeOp) === "queued");
    return {
      mode: combinedWakeMode(wakes),
      event: queued ? "queued" : "coalesced",
      ...(fanOut && { count: wakes.length }),
      ...this.marks(),
    };
  }

  private marks(): FlowMarks {
    return {
      ...(this.placed.some((p) => p.coalesced) && { coalesced: true as const }),
      ...(this.placed.every((p) => p.deduped) && { deduped: true as const }),
    };
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

  /** The window of `id` still open at `at`; one whose time is up is ended first. */
  private openWindow(id: string, at: number): WindowState | undefined {
    const window = this.state.windows.get(id);
    if (!window) return undefined;
    if (window.closesAt > at) return window;
    this.release(window);
    return undefined;
  }

  /** Keeps the window, or ends it once it holds `max` requests. */
  private afterJoin(id: string, window: WindowState): void {
    const fresh = !this.state.windows.has(id);
    if (window.items.length >= window.max) {
      // A window opened here has no row yet: ending it is queuing its run (or adding its event).
      this.release(window, fresh);
      return;
    }
    this.state.windows.set(id, window);
    this.ops.push({ op: "put-window", window: { ...window, items: [...window.items] }, fresh });
  }

  /** Ends a window: its run is queued, or its wakes become one event; `unsaved`: it has no row to drop. */
  release(window: WindowState, unsaved = false): void {
    this.state.windows.delete(slot(window.scope, window.key));
    if (window.kind === "run") this.ops.push({ op: "queue-run", runId: window.runId! });
    else {
      this.ops.push({
        op: "event",
        text: window.text ?? "",
        source: window.source ?? "wake",
        mode: window.mode ?? "now",
        at: window.openedAt,
      });
    }
    if (!unsaved) this.ops.push({ op: "drop-window", scope: window.scope, key: window.key });
  }
}

/** Column values of a window row, for both stores. */
export function windowParams(w: WindowState): unknown[] {
  return [
    w.scope,
    w.key,
    w.kind,
    w.runId,
    w.openedAt,
    w.closesAt,
    w.max,
    JSON.stringify(w.items),
    w.mode,
    w.source,
    w.text,
  ];
}

export const WINDOW_COLUMNS =
  "scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, text" as const;

/** A window row as both stores read it (PostgreSQL's bigint columns come back as numbers: see connect.ts). */
export interface WindowRow {
  scope: string;
  key: string;
  kind: string;
  run_id: string | null;
  opened_at: number | string;
  closes_at: number | string;
  max: number;
  items: string;
  mode: string | null;
  source: string | null;
  text: string | null;
}

export function windowFromRow(row: WindowRow): WindowState {
  return {
    scope: row.scope,
    key: row.key,
    kind: row.kind === "wake" ? "wake" : "run",
    runId: row.run_id,
    openedAt: Number(row.opened_at),
    closesAt: Number(row.closes_at),
    max: row.max,
    items: JSON.parse(row.items) as FlowItem[],
    mode: (row.mode as WakeMode | null) ?? null,
    source: row.source,
    text: row.text,
  };
}
