// Every metric hookgate exposes at GET /metrics, in one catalogue, on one registry for the process (a
// config reload keeps counting). Label values come from closed sets or from the config (mapping ids),
// never from a request: an unknown hook name is counted under mapping "none", and no payload, header or
// secret value ever becomes a label. The metrics table of docs/reference/metrics.md is checked
// against this file.
//
// prom-client is loaded, and the metrics created, when a metric or the registry is first touched:
// the commands that count nothing (`hookgate validate`, `hookgate test`) never load it.
import { createRequire } from "node:module";
import type * as PromClient from "prom-client";

type Make<T> = (prom: typeof PromClient, registers: PromClient.Registry[]) => T;

const counter =
  <L extends string>(c: PromClient.CounterConfiguration<L>): Make<PromClient.Counter<L>> =>
  (prom, registers) =>
    new prom.Counter({ ...c, registers });
const gauge =
  <L extends string>(c: PromClient.GaugeConfiguration<L>): Make<PromClient.Gauge<L>> =>
  (prom, registers) =>
    new prom.Gauge({ ...c, registers });
const histogram =
  <L extends string>(c: PromClient.HistogramConfiguration<L>): Make<PromClient.Histogram<L>> =>
  (prom, registers) =>
    new prom.Histogram({ ...c, registers });

/** Request-scale latencies: 0.5 ms to 10 s. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Agent turns and deliveries with retries: 50 ms to 10 min. */
const SLOW_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const catalogue = {
  requests: counter({
    name: "hookgate_requests_total",
    help: "Requests under hooks.path by outcome (wake, agent, skip, replayed, or the error code) and the mapping that decided (wake and agent for the built-in endpoints, none when no mapping did).",
    labelNames: ["outcome", "mapping"] as const,
  }),
  ingressSeconds: histogram({
    name: "hookgate_ingress_duration_seconds",
    help: "Time from a request under hooks.path arriving to its answer being sent, by outcome class (accepted, refused, rejected).",
    labelNames: ["result"] as const,
    buckets: FAST_BUCKETS,
  }),
  transformSeconds: histogram({
    name: "hookgate_transform_duration_seconds",
    help: "Transform calls in the sandbox, by outcome (ok, skip, or the TRANSFORM_ error code).",
    labelNames: ["outcome"] as const,
    buckets: FAST_BUCKETS,
  }),
  transformRestarts: counter({
    name: "hookgate_transform_worker_restarts_total",
    help: "Transform worker threads replaced, by reason: timeout (the watchdog ended a stuck call), exit (the worker stopped by itself), start_failed.",
    labelNames: ["reason"] as const,
  }),
  runSeconds: histogram({
    name: "hookgate_run_duration_seconds",
    help: "Agent runs from start to finish, by final status (succeeded, failed, timed_out).",
    labelNames: ["status"] as const,
    buckets: SLOW_BUCKETS,
  }),
  runs: counter({
    name: "hookgate_runs_total",
    help: "Agent runs by the status they reached: queued (accepted), succeeded, failed, timed_out.",
    labelNames: ["status"] as const,
  }),
  runnerRuns: counter({
    name: "hookgate_runner_runs_total",
    help: "Agent runs finished, by runner kind (echo, command, llm, openclaw, http, a2a) and status (succeeded, failed, timed_out).",
    labelNames: ["runner", "status"] as const,
  }),
  runnerRequests: counter({
    name: "hookgate_runner_requests_total",
    help: "Requests the openclaw, http and a2a runners sent to their targets, by runner kind and outcome: ok (2xx), retried (connection error, 408, 409, 425, 429 or 5xx), refused (any other status; the run fails).",
    labelNames: ["runner", "outcome"] as const,
  }),
  fanOutActions: counter({
    name: "hookgate_fanout_actions_total",
    help: "Wakes and runs accepted from forEach mappings (one per array element), by mapping; with hookgate_requests_total it tells how many actions a request fans out into.",
    labelNames: ["mapping"] as const,
  }),
  flowRated: counter({
    name: "hookgate_flow_rate_runs_total",
    help: "Agent runs past their mapping's flow.rate, by mapping and outcome: held (start when a later period allows) or dropped (never start). An accept counts once however many runs of a fan-out it held; a coalesced run counts when its window ends.",
    labelNames: ["mapping", "outcome"] as const,
  }),
  heartbeats: counter({
    name: "hookgate_heartbeats_total",
    help: "Heartbeats of the main session by status (acked, replied, failed).",
    labelNames: ["status"] as const,
  }),
  deliverySeconds: histogram({
    name: "hookgate_delivery_duration_seconds",
    help: "Deliveries of replies to chat channels, retries included, by channel (none when no channel could be resolved) and status (sent, failed, skipped).",
    labelNames: ["channel", "status"] as const,
    buckets: SLOW_BUCKETS,
  }),
  deliveries: counter({
    name: "hookgate_deliveries_total",
    help: "Deliveries of replies by channel and status (sent, failed, skipped).",
    labelNames: ["channel", "status"] as const,
  }),
  authFailures: counter({
    name: "hookgate_auth_failures_total",
    help: "Wrong or missing tokens, by surface (hooks, console).",
    labelNames: ["surface"] as const,
  }),
  lockouts: counter({
    name: "hookgate_auth_lockouts_total",
    help: "Client addresses locked out after too many failed authentications, by surface (hooks, console).",
    labelNames: ["surface"] as const,
  }),
  unauthenticatedBodyBytes: gauge({
    name: "hookgate_unauthenticated_body_bytes",
    help: "Bytes of request bodies being read without the hook token, before their signature is checked (bounded by hooks.unauthenticatedBodyBytes).",
  }),
  requestLogDropped: counter({
    name: "hookgate_request_log_dropped_total",
    help: "Request log entries dropped because the store could not take them in time.",
  }),
  pruned: counter({
    name: "hookgate_retention_pruned_rows_total",
    help: "Rows deleted by retention, by table (requests, events, runs, transcripts, heartbeats).",
    labelNames: ["table"] as const,
  }),
  issuesOpen: gauge({
    name: "hookgate_issues_open",
    help: "Open issues, by kind: run, delivery, transform, verification.",
    labelNames: ["kind"] as const,
  }),
  flowBudgetLeft: gauge({
    name: "hookgate_flow_budget_left",
    help: "What each mapping with flow.budget may still spend in the current period, by mapping and kind: runs (runs it may start; 0 while runs are held into a later one) or tokens (tokens left before runs are held; finished runs add theirs); read from the store at each scrape.",
    labelNames: ["mapping", "kind"] as const,
    async collect() {
      const left: BudgetLeft[] = [];
      for (const source of budgetLeftSources) {
        try {
          left.push(...(await source()));
        } catch {
          // A store that cannot answer now leaves the budgets out of this scrape.
        }
      }
      this.reset();
      for (const { mapping, kind, left: n } of left) this.set({ mapping, kind }, n);
    },
  }),
  flowRateLeft: gauge({
    name: "hookgate_flow_rate_runs_left",
    help: "Runs each mapping with flow.rate may still start in the current period (0 while runs are held into a later one), by mapping; read from the store at each scrape.",
    labelNames: ["mapping"] as const,
    async collect() {
      const left = new Map<string, number>();
      for (const source of rateLeftSources) {
        try {
          for (const [mapping, n] of Object.entries(await source())) left.set(mapping, n);
        } catch {
          // A store that cannot answer now leaves the rates out of this scrape.
        }
      }
      this.reset();
      for (const [mapping, n] of left) this.set({ mapping }, n);
    },
  }),
  pausedTargets: gauge({
    name: "hookgate_paused_targets",
    help: "Targets paused with hookgate pause or the console, by kind: mapping, pack, lane.",
    labelNames: ["kind"] as const,
  }),
  queueDepth: gauge({
    name: "hookgate_queue_depth",
    help: "Work waiting or in progress, by queue: runs_queued, runs_held (kept back by flow control), runs_paused (of those, held by a pause), runs_running, deliveries_pending, events_pending (from the store), transform_calls_waiting (in this process).",
    labelNames: ["queue"] as const,
    async collect() {
      const totals = new Map<string, number>();
      for (const source of queueSources) {
        try {
          for (const [queue, n] of Object.entries(await source()))
            totals.set(queue, (totals.get(queue) ?? 0) + n);
        } catch {
          // A store that cannot answer now leaves its queues out of this scrape.
        }
      }
      this.reset();
      for (const [queue, n] of totals) this.set({ queue }, n);
    },
  }),
  laneRuns: gauge({
    name: "hookgate_lane_runs",
    help: "Runs of each configured lane (flow.lane, or a mapping's own with flow.concurrency), by state: running, waiting (queued).",
    labelNames: ["lane", "state"] as const,
    async collect() {
      const totals = new Map<string, { running: number; waiting: number }>();
      for (const source of laneSources) {
        try {
          for (const l of await source()) {
            const t = totals.get(l.lane) ?? { running: 0, waiting: 0 };
            totals.set(l.lane, { running: t.running + l.running, waiting: t.waiting + l.waiting });
          }
        } catch {
          // A store that cannot answer now leaves its lanes out of this scrape.
        }
      }
      this.reset();
      for (const [lane, n] of totals) {
        this.set({ lane, state: "running" }, n.running);
        this.set({ lane, state: "waiting" }, n.waiting);
      }
    },
  }),
};

type Metrics = { [K in keyof typeof catalogue]: ReturnType<(typeof catalogue)[K]> };

let registry: PromClient.Registry | undefined;

/**
 * Every metric, by name. Each property starts as a getter that creates the whole catalogue on the
 * first read and replaces itself and the others by plain values, so a metric read on a request's
 * path is an ordinary property read.
 */
export const metrics = {} as Metrics;

function create(): PromClient.Registry {
  const prom = createRequire(import.meta.url)("prom-client") as typeof PromClient;
  const created = new prom.Registry();
  for (const [name, make] of Object.entries(catalogue)) {
    Object.defineProperty(metrics, name, { value: make(prom, [created]), enumerable: true });
  }
  registry = created;
  return created;
}

for (const name of Object.keys(catalogue)) {
  Object.defineProperty(metrics, name, {
    configurable: true,
    enumerable: true,
    get: () => {
      create();
      return metrics[name as keyof Metrics];
    },
  });
}

/** The process's one registry (GET /metrics); creates the metrics if nothing has counted yet. */
export function metricsRegistry(): PromClient.Registry {
  return registry ?? create();
}

/** The configured lanes' runs, read at each scrape: only lanes the configuration names (bounded labels). */
export type LaneSource = () => Promise<Array<{ lane: string; running: number; waiting: number }>>;

const laneSources = new Set<LaneSource>();

/** Registers a source of lanes' runs; returns its removal. */
export function addLaneSource(source: LaneSource): () => void {
  laneSources.add(source);
  return () => laneSources.delete(source);
}

/** Something that can tell how many runs each rated mapping may still start this period, at each scrape. */
export type RateLeftSource = () => Promise<Record<string, number>>;

const rateLeftSources = new Set<RateLeftSource>();

/** Registers a source of the runs left under each mapping's rate; returns its removal. */
export function addRateLeftSource(source: RateLeftSource): () => void {
  rateLeftSources.add(source);
  return () => rateLeftSources.delete(source);
}

/** What one mapping's budget has left of one kind this period. */
export interface BudgetLeft {
  mapping: string;
  kind: "runs" | "tokens";
  left: number;
}

/** Something that can tell what each budgeted mapping has left this period, at each scrape. */
export type BudgetLeftSource = () => Promise<BudgetLeft[]>;

const budgetLeftSources = new Set<BudgetLeftSource>();

/** Registers a source of the budgets left; returns its removal. */
export function addBudgetLeftSource(source: BudgetLeftSource): () => void {
  budgetLeftSources.add(source);
  return () => budgetLeftSources.delete(source);
}

/** Something that can tell how much work waits, read at each scrape. */
export type QueueSource = () => Record<string, number> | Promise<Record<string, number>>;

const queueSources = new Set<QueueSource>();

/** Registers a source of queue depths; returns its removal. */
export function addQueueSource(source: QueueSource): () => void {
  queueSources.add(source);
  return () => queueSources.delete(source);
}

/** Seconds since `startMs` (a performance.now() reading). */
export function secondsSince(startMs: number): number {
  return (performance.now() - startMs) / 1000;
}
