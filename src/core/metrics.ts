// Every metric hookgate exposes at GET /metrics, in one catalogue, on one registry for the process (a
// config reload keeps counting). Label values come from closed sets or from the config (mapping ids),
// never from a request: an unknown hook name is counted under mapping "none", and no payload, header or
// secret value ever becomes a label. The metrics table of docs/reference/metrics.md is checked
// against this file.
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();

/** Request-scale latencies: 0.5 ms to 10 s. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Agent turns and deliveries with retries: 50 ms to 10 min. */
const SLOW_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const registers = [registry];

export const metrics = {
  requests: new Counter({
    name: "hookgate_requests_total",
    help: "Requests under hooks.path by outcome (wake, agent, skip, replayed, or the error code) and the mapping that decided (wake and agent for the built-in endpoints, none when no mapping did).",
    labelNames: ["outcome", "mapping"] as const,
    registers,
  }),
  ingressSeconds: new Histogram({
    name: "hookgate_ingress_duration_seconds",
    help: "Time from a request under hooks.path arriving to its answer being sent, by outcome class (accepted, refused, rejected).",
    labelNames: ["result"] as const,
    buckets: FAST_BUCKETS,
    registers,
  }),
  transformSeconds: new Histogram({
    name: "hookgate_transform_duration_seconds",
    help: "Transform calls in the sandbox, by outcome (ok, skip, or the TRANSFORM_ error code).",
    labelNames: ["outcome"] as const,
    buckets: FAST_BUCKETS,
    registers,
  }),
  transformRestarts: new Counter({
    name: "hookgate_transform_worker_restarts_total",
    help: "Transform worker threads replaced, by reason: timeout (the watchdog ended a stuck call), exit (the worker stopped by itself), start_failed.",
    labelNames: ["reason"] as const,
    registers,
  }),
  runSeconds: new Histogram({
    name: "hookgate_run_duration_seconds",
    help: "Agent runs from start to finish, by final status (succeeded, failed, timed_out).",
    labelNames: ["status"] as const,
    buckets: SLOW_BUCKETS,
    registers,
  }),
  runs: new Counter({
    name: "hookgate_runs_total",
    help: "Agent runs by the status they reached: queued (accepted), succeeded, failed, timed_out.",
    labelNames: ["status"] as const,
    registers,
  }),
  runnerRuns: new Counter({
    name: "hookgate_runner_runs_total",
    help: "Agent runs finished, by runner kind (echo, command, llm, openclaw, http) and status (succeeded, failed, timed_out).",
    labelNames: ["runner", "status"] as const,
    registers,
  }),
  runnerRequests: new Counter({
    name: "hookgate_runner_requests_total",
    help: "Requests the openclaw and http runners sent to their targets, by runner kind and outcome: ok (2xx), retried (connection error, 408, 409, 425, 429 or 5xx), refused (any other status; the run fails).",
    labelNames: ["runner", "outcome"] as const,
    registers,
  }),
  fanOutActions: new Counter({
    name: "hookgate_fanout_actions_total",
    help: "Wakes and runs accepted from forEach mappings (one per array element), by mapping; with hookgate_requests_total it tells how many actions a request fans out into.",
    labelNames: ["mapping"] as const,
    registers,
  }),
  heartbeats: new Counter({
    name: "hookgate_heartbeats_total",
    help: "Heartbeats of the main session by status (acked, replied, failed).",
    labelNames: ["status"] as const,
    registers,
  }),
  deliverySeconds: new Histogram({
    name: "hookgate_delivery_duration_seconds",
    help: "Deliveries of replies to chat channels, retries included, by channel (none when no channel could be resolved) and status (sent, failed, skipped).",
    labelNames: ["channel", "status"] as const,
    buckets: SLOW_BUCKETS,
    registers,
  }),
  deliveries: new Counter({
    name: "hookgate_deliveries_total",
    help: "Deliveries of replies by channel and status (sent, failed, skipped).",
    labelNames: ["channel", "status"] as const,
    registers,
  }),
  authFailures: new Counter({
    name: "hookgate_auth_failures_total",
    help: "Wrong or missing tokens, by surface (hooks, console).",
    labelNames: ["surface"] as const,
    registers,
  }),
  lockouts: new Counter({
    name: "hookgate_auth_lockouts_total",
    help: "Client addresses locked out after too many failed authentications, by surface (hooks, console).",
    labelNames: ["surface"] as const,
    registers,
  }),
  requestLogDropped: new Counter({
    name: "hookgate_request_log_dropped_total",
    help: "Request log entries dropped because the store could not take them in time.",
    registers,
  }),
  pruned: new Counter({
    name: "hookgate_retention_pruned_rows_total",
    help: "Rows deleted by retention, by table (requests, events, runs, transcripts, heartbeats).",
    labelNames: ["table"] as const,
    registers,
  }),
  issuesOpen: new Gauge({
    name: "hookgate_issues_open",
    help: "Open issues, by kind: run, delivery, transform, verification.",
    labelNames: ["kind"] as const,
    registers,
  }),
  pausedTargets: new Gauge({
    name: "hookgate_paused_targets",
    help: "Targets paused with hookgate pause or the console, by kind: mapping, pack, lane.",
    labelNames: ["kind"] as const,
    registers,
  }),
  queueDepth: new Gauge({
    name: "hookgate_queue_depth",
    help: "Work waiting or in progress, by queue: runs_queued, runs_held (kept back by flow control), runs_paused (of those, held by a pause), runs_running, deliveries_pending, events_pending (from the store), transform_calls_waiting (in this process).",
    labelNames: ["queue"] as const,
    registers,
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
};

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
