// Dedupe and coalesce, decided the same way by both stores: inside an accept's transaction the store
// loads the windows and keys the actions name (`flowKeysOf`), this planner decides what each action
// becomes, and the store applies the writes it lists, in order. Times are the actions' receivedAt, so
// that the outcome depends on the requests alone (the property tests replay them on a made-up clock).
import { wrapExternalContent } from "../core/untrusted-content.js";
import { combinedWakeMode } from "../core/wake-mode.js";
import type {
  CoalesceFrame,
  CoalesceRender,
  CoalesceTemplates,
  FlowItem,
  FlowMarks,
  NewRun,
  NewWake,
  WakeMode,
} from "./types.js";

/** An open coalesce window as the store keeps it; its requests are rows of flow_items (seq 0 to count - 1). */
export interface WindowState {
  scope: string;
  key: string;
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
  | { op: "hold-run"; runId: string; until: number }
  /** A request's item; `runId`: the held run, which shows `seq + 1` requests merged once it is a join. */
  | { op: "add-item"; scope: string; key: string; seq: number; item: FlowItem; runId: string | null }
  /** A wake as without flow (it may coalesce with an identical pending event). */
  | { op: "wake"; wake: NewWake }
  /** A window ends: its items become its run's message (the run is queued) or one event; then they go. */
  | { op: "end-window"; window: WindowState; render?: CoalesceRender }
  | { op: "open-window"; window: WindowState }
  | { op: "window-mode"; scope: string; key: string; mode: WakeMode }
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
      const { key, windowMs, max, item, frame, render } = flow.coalesce;
      const id = slot(flow.scope, key);
      const open = this.openWindow(id, at, render);
      if (open) {
        ref = open.runId!;
        this.addItem(open, item, at);
        this.afterJoin(id, open, render, false);
      } else {
        this.ops.push({ op: "insert-run", run });
        const window: WindowState = {
          scope: flow.scope,
          key,
          kind: "run",
          runId: run.id,
          openedAt: at,
          closesAt: at + windowMs,
          max,
          count: 0,
          frame,
          mode: null,
          source: null,
        };
        this.ops.push({ op: "hold-run", runId: run.id, until: window.closesAt });
        this.addItem(window, item, at);
        this.afterJoin(id, window, render, true);
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
      const { key, windowMs, max, item, frame, render } = flow.coalesce;
      const id = slot(flow.scope, key);
      const open = this.openWindow(id, at, render);
      const window: WindowState = open ?? {
        scope: flow.scope,
        key,
        kind: "wake",
        runId: null,
        openedAt: at,
        closesAt: at + windowMs,
        max,
        count: 0,
        frame,
        mode: wake.mode,
        source: wake.source,
      };
      if (open && wake.mode === "now" && open.mode !== "now") {
        open.mode = "now";
        this.ops.push({ op: "window-mode", scope: open.scope, key: open.key, mode: "now" });
      }
      this.addItem(window, item, at);
      this.afterJoin(id, window, render, !open);
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
      scope: window.scope,
      key: window.key,
      seq,
      item: { message, at },
      runId: window.runId,
    });
  }

  /** Keeps the window (a `fresh` one gets its row), or ends it once it holds `max` requests. */
  private afterJoin(
    id: string,
    window: WindowState,
    render: CoalesceRender | undefined,
    fresh: boolean,
  ): void {
    if (window.count >= window.max) {
      // A window opened here has no row yet: ending it is composing its run (or adding its event).
      this.release(window, render, fresh);
      return;
    }
    this.state.windows.set(id, window);
    if (fresh) this.ops.push({ op: "open-window", window: { ...window } });
  }

  /** Ends a window: its run is composed and queued, or its wakes become one event; `unsaved`: no row to drop. */
  release(window: WindowState, render?: CoalesceRender, unsaved = false): void {
    this.state.windows.delete(slot(window.scope, window.key));
    this.ops.push({ op: "end-window", window: { ...window }, ...(render && { render }) });
    if (!unsaved) this.ops.push({ op: "drop-window", scope: window.scope, key: window.key });
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
      : items.map((i) => i.message).join(window.frame.separator);
  const { wrap } = window.frame;
  if (window.kind !== "run" || !wrap) return text;
  return wrapExternalContent(text, {
    ...wrap,
    runId: window.runId!,
    receivedAt: items[0]?.at ?? window.openedAt,
  });
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

/** What a release reports: runs queued and the mode of each event added. */
export function releasedOf(due: ReadonlyArray<{ window: WindowState }>): { runs: number; wakes: WakeMode[] } {
  return {
    runs: due.filter((d) => d.window.kind === "run").length,
    wakes: due.filter((d) => d.window.kind === "wake").map((d) => d.window.mode ?? "now"),
  };
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
  ];
}

export const WINDOW_COLUMNS =
  "scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, frame" as const;

/**
 * The select list of a window row with its count of items (seq runs from 0 without gaps, so the
 * count is the last seq + 1: one step down the key's index rather than a walk over its items);
 * `s` is the schema prefix ("" or `"x".`).
 */
export function windowSelect(s = ""): string {
  return `w.scope, w.key, w.kind, w.run_id, w.opened_at, w.closes_at, w.max, w.mode, w.source, w.frame,
    coalesce((SELECT max(i.seq) + 1 FROM ${s}flow_items i WHERE i.scope = w.scope AND i.key = w.key), 0) AS count`;
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
    count: Number(row.count),
    frame: JSON.parse(row.frame) as CoalesceFrame,
    mode: (row.mode as WakeMode | null) ?? null,
    source: row.source,
  };
}
