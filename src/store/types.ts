// The Store: everything hookgate keeps durably. Narrow on purpose so that a second implementation
// (PostgreSQL, for several instances) can stand beside the embedded SQLite one; test/store/contract.ts
// is the behaviour every implementation must show. Every accept* call resolves only after its record
// is durable. The store reports outcomes; the HTTP layer decides how to answer them.

import type { RequestDecision } from "../core/decision-record.js";
import type { RunLane } from "../core/lane.js";

export type { RequestDecision };

/**
 * held: stored, waiting for something before it may be queued (see RunRecord.held); dropped: stored past
 * its mapping's rate with `flow.over: drop`, never started (RunRecord.held says why).
 */
export type RunStatus = "held" | "queued" | "running" | "succeeded" | "failed" | "timed_out" | "dropped";
export type DeliveryStatus = "pending" | "sent" | "skipped" | "failed";
export type WakeMode = "now" | "next-heartbeat";

/** An Idempotency-Key scoped to one hook; a repeat within ttlSeconds gets the first response back. */
export interface IdempotencyRef {
  scope: string;
  key: string;
  ttlSeconds: number;
  /** Digest of the request body: the same key with another body is a conflict, not a repeat. */
  fingerprint?: string;
}

/**
 * What an accept did; remembered with an idempotency key, so that a repeat gets the same answer.
 * The actions of one fan-out (acceptWakes, acceptRuns) are one outcome: `count` wakes, of which at
 * least one started a new event when `event` is queued; `runIds` in order, `runId` the first.
 */
export type AcceptOutcome = (
  | { kind: "wake"; mode: WakeMode; event: "queued" | "coalesced"; count?: number }
  | { kind: "run"; runId: string; runIds?: string[] }
) &
  FlowMarks;

/**
 * What flow control made of an accept: `coalesced` when an action joined (or opened) a coalesce window,
 * so its run or event starts when the window ends; `deduped` when every action repeated a content key
 * and nothing new was stored.
 */
export interface FlowMarks {
  coalesced?: true;
  deduped?: true;
  /** A run waits `held`: past its mapping's rate (it starts when a later period allows it), or because
   * its mapping, pack or lane is paused (`hookgate pause`). */
  held?: true;
  /** A run was past its mapping's rate and stored as dropped: it never starts. */
  dropped?: true;
}

/** One request merged into a coalesce window: its message (a wake's text) and when it came. */
export interface FlowItem {
  message: string;
  at: number;
}

/**
 * Flow control of one accepted action: its mapping's dedupe and coalesce with the keys its request
 * rendered. Keys and windows are per `scope` (the mapping's id). Times come from the action's
 * receivedAt, so that a window's decisions do not depend on when the transaction ran.
 */
export interface FlowSpec {
  scope: string;
  dedupe?: { key: string; windowMs: number };
  coalesce?: {
    key: string;
    windowMs: number;
    max: number;
    /** This action's message before the safety wrapper (a wake: its text). */
    item: string;
    /** How the window's items become one message, kept with the window it opens. */
    frame: CoalesceFrame;
    /** The mapping's coalesceTemplate (frame.template), for a window that ends in this accept. */
    render?: CoalesceRender;
  };
  /** Runs started per fixed period (runs only); a coalesced run counts when its window ends. */
  rate?: { max: number; perMs: number; over: "hold" | "drop" };
  /**
   * Runs started and tokens spent per fixed period (runs only): past `runs`, or once the tokens of
   * the period reached `tokens`, a run is held until the next period or dropped (`over`).
   */
  budget?: { runs?: number; tokens?: number; perMs: number; over: "hold" | "drop" };
}

/**
 * How a coalesce window's items become its run's message (a wake: its event's text) when it ends.
 * Kept with the window, so that whichever instance ends it, after a restart too, composes the same.
 */
export interface CoalesceFrame {
  /** Between the items' messages, without a template. */
  separator: string;
  /** A run's safety wrapper (absent: the mapping allows unsafe content, or a wake). */
  wrap?: { hookName: string; source: string };
  /** The mapping renders the items with its coalesceTemplate: only a process that has it ends the window. */
  template?: true;
}

/** A mapping's coalesceTemplate over a window's items and key. */
export type CoalesceRender = (items: readonly FlowItem[], key: string) => string;

/** The coalesceTemplate of a mapping, by its id (a flow scope); undefined when it has none (any more). */
export type CoalesceTemplates = (scope: string) => CoalesceRender | undefined;

/**
 * accepted: stored now; replayed: the key was seen with the same body, nothing new was stored (the
 * first outcome comes back); conflict: the key was seen with a different body, nothing was stored.
 * `nothingQueued`: flow control queued no run (each joined a window still open, was held, dropped or
 * a repeat), so the run worker has nothing new to claim.
 */
export type AcceptResult =
  | { status: "accepted"; outcome: AcceptOutcome; nothingQueued?: true }
  | { status: "replayed"; outcome: AcceptOutcome }
  | { status: "conflict" };

/** An earlier use of an idempotency key, as findIdempotent reports it. */
export type IdempotentRepeat = Exclude<AcceptResult, { status: "accepted" }>;

export interface NewWake {
  text: string;
  mode: WakeMode;
  /** Hook that produced it (`wake` for the direct endpoint, else the mapping's hook name). */
  source: string;
  receivedAt: number;
  flow?: FlowSpec;
}

/** An agent run as accepted by the ingress, after policies and the safety wrapper. */
export interface NewRun {
  id: string;
  /** Hook name for summaries (`Hook <name>: ...`). */
  name: string;
  /** The message as sent to the model (wrapped unless the mapping allows unsafe content). */
  message: string;
  /** The requested agent id (already allowed by policy); the runtime falls back to the default agent. */
  agentId?: string;
  sessionKey: string;
  /**
   * isolated: the run neither reads nor extends its session's conversation. Absent (runs stored
   * before the field existed) means persistent.
   */
  sessionMode?: "persistent" | "isolated";
  model?: string;
  thinking?: string;
  timeoutSeconds?: number;
  wakeMode: WakeMode;
  deliver: boolean;
  channel: string;
  to?: string;
  mappingId?: string;
  /** Id of the pack whose mapping queued the run. */
  pack?: string;
  receivedAt: number;
  /** W3C traceparent of the request that queued the run, so the run's trace span joins that trace. */
  traceContext?: string;
  /** Dedupe and coalesce (not stored with the run: they decide how it is stored). */
  flow?: FlowSpec;
  /** The lane it waits in: the worker claims it only while fewer than the lane's limit run. */
  lane?: RunLane;
}

/** A mapping's rate count as the store keeps it: the latest period given a run, and how many it has. */
export interface RateCount {
  periodStart: number;
  count: number;
}

/** A token-budgeted mapping's tokens spent in the period of its latest finished run. */
export interface TokenCount {
  periodStart: number;
  tokens: number;
}

/** A run its mapping's rate held or dropped (for the metrics). */
export interface RatedRun {
  scope: string;
  fate: "held" | "dropped";
}

/** What ending the due windows and rate holds did (Store.releaseWindows). */
export interface Released {
  /** Runs queued: the worker should look. */
  runs: number;
  /** Modes of the events the wake windows became. */
  wakes: WakeMode[];
  /** Window runs the rate held or dropped instead (absent: none). */
  rated?: RatedRun[];
}

/**
 * Why a run is held, and until when it is at the latest (coalesce: the end of its window; rate: the
 * start of the period it may start in; pause: the pause's end, absent until resumed); `by`: the pause's
 * target, or for budget what was spent (`budgetHoldBy`). A dropped run keeps its reason (rate, budget)
 * and that time too.
 */
export interface RunHold {
  reason: "coalesce" | "rate" | "budget" | "pause";
  until?: number;
  by?: string;
}

/**
 * A pause (`hookgate pause`): runs of its target wait held until it ends. Target: `mapping:<id>`,
 * `pack:<name>` (every mapping of the pack) or `lane:<name>`.
 */
export interface Pause {
  target: string;
  /** When it ends by itself (epoch ms); absent: when resumed. */
  until?: number;
  /** Who paused: `command line` or `console`. */
  by: string;
  /** When it was paused. */
  at: number;
}

export interface TokenUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

export interface RunRecord extends Omit<NewRun, "flow"> {
  status: RunStatus;
  /** While held: why. */
  held?: RunHold;
  /** Requests merged into this run by coalesce (absent: one). */
  merged?: number;
  attempts: number;
  /** Agent and model actually used (filled while the run runs, or with its outcome). */
  resolvedAgentId?: string;
  resolvedModel?: string;
  reply?: string;
  error?: string;
  usage?: TokenUsage;
  startedAt?: number;
  finishedAt?: number;
  delivery?: DeliveryState;
  /** What was sent to the runner (filled while the run runs, or with its outcome). */
  prompt?: RunPrompt;
  /** The id the run's target gave it: an OpenClaw gateway's runId, an A2A task id. */
  targetId?: string;
}

/** The prompt of a run as handed to its runner, kept for `hookgate runs show`. */
export interface RunPrompt {
  runner: string;
  systemPrompt?: string;
  /** Earlier messages of the session sent along (their text lives in the session transcript). */
  transcriptMessages: number;
  message: string;
  model?: string;
  thinking?: string;
  timeoutSeconds: number;
}

/** How a run ended, as finishRun records it. */
export interface RunResult {
  status: Exclude<RunStatus, "queued" | "running">;
  reply?: string;
  error?: string;
  usage?: TokenUsage;
  resolvedAgentId?: string;
  resolvedModel?: string;
  /** What was sent, when startRun did not record it (a turn that ended at once). */
  prompt?: RunPrompt;
  finishedAt: number;
  /** The id the run's target gave it, when it gave one. */
  targetId?: string;
}

/** Extra effects of finishing a run, written in the same transaction as its status. */
export interface RunCompletion {
  /** Appended to the run's session transcript. */
  transcript?: TranscriptMessage[];
  /** Posted into the main session (`Hook <name>: <summary>`). */
  event?: { text: string; source: string; mode: WakeMode };
  /** Initial delivery state (`pending` when a delivery follows, `skipped` with a reason otherwise). */
  delivery?: DeliveryState;
}

export type HeartbeatStatus = "acked" | "replied" | "failed" | "skipped";

/** One heartbeat turn of the main session. */
export interface HeartbeatRecord {
  id: number;
  /** `now` (requested), `periodic`, or `start` (pending events found at start). */
  reason: string;
  status: HeartbeatStatus;
  startedAt: number;
  finishedAt: number;
  eventIds: number[];
  prompt?: string;
  reply?: string;
  error?: string;
  usage?: TokenUsage;
  delivery?: DeliveryState;
}

export type NewHeartbeat = Omit<HeartbeatRecord, "id">;

export interface DeliveryState {
  status: DeliveryStatus;
  channel?: string;
  to?: string;
  messageIds?: string[];
  reason?: string;
  attempts?: number;
  updatedAt: number;
  /**
   * While `pending`: the idempotency key of the part being sent (the one after `messageIds`), kept so
   * that a restart resends it with the same key (Discord nonce, BlueBubbles tempGuid, Mattermost
   * pending_post_id) and the service can drop the duplicate.
   */
  partKey?: string;
  /** While `pending`: the service asked not to be sent to before this time (epoch ms). */
  notBefore?: number;
}

export interface SystemEvent {
  id: number;
  text: string;
  source: string;
  createdAt: number;
  /** Set when a successful heartbeat consumed the event. */
  consumedAt?: number;
  /** `now` when a heartbeat was requested for it (then it is worth a heartbeat after a restart). */
  mode?: WakeMode;
  /** How many identical wakes coalesced into this event (1 = none). */
  repeats?: number;
  /** When the last coalesced repeat arrived. */
  lastAt?: number;
}

export interface TranscriptMessage {
  role: "user" | "assistant";
  content: string;
  runId?: string;
  createdAt: number;
}

export interface Route {
  channel: string;
  to: string;
}

/** How a request under hooks.path ended, as the request log keeps it. */
export type RequestOutcome =
  /** Accepted: a wake stored, a run queued, or nothing to do (a transform returned null). */
  | "wake"
  | "agent"
  | "skip"
  /** An Idempotency-Key repeat: the first answer came back, nothing new was stored. */
  | "replayed"
  /** The rules or the policies refused it (the code says why). */
  | "refused"
  /** Refused before the rules looked at it: query token, method, auth, lockout, body limits, JSON. */
  | "rejected";

/**
 * One request under hooks.path as the request log keeps it: token and signature headers removed, the
 * body kept up to requestLog.maxBodyBytes. Written after the answer, so it is not durable the way an
 * accept is: a crash may lose the last rows.
 */
export interface RequestLogEntry {
  /** Random id (the console's and replay's handle). */
  id: string;
  receivedAt: number;
  method: string;
  /** Hook name after hooks.path, as the rules see it ("" when there was none). */
  hook: string;
  /** Query parameters; credential-like ones (`token`, `secret`, ...) kept as `[removed]`. */
  query: Record<string, string>;
  /** Client address (after server.trustProxy). */
  client: string;
  /** Lower-case header names; token carriers and other credential headers are not kept. */
  headers: Record<string, string>;
  /**
   * Headers whose values were not kept: the token carriers (left out, as the rules never see them) and
   * other credentials such as signatures (kept as `[removed]`, so a rule testing for one still sees it).
   */
  removedHeaders: string[];
  /** The body as received, up to the limit; absent when none was read. */
  body?: Uint8Array;
  /** The body's whole size in bytes. */
  bodyBytes: number;
  /** true when only the first part of the body was kept: such a request cannot be re-decided. */
  bodyCut: boolean;
  status: number;
  outcome: RequestOutcome;
  /** Error code of a refused or rejected request. */
  code?: string;
  /** The sentence the client got with an error. */
  error?: string;
  /** What went wrong on our side (5xx), which the client did not get. */
  detail?: string;
  mappingId?: string;
  runId?: string;
  /** Every run a fan-out queued, in order (runId is the first). */
  runIds?: string[];
  /**
   * The sender's id of this delivery (X-GitHub-Delivery, webhook-id, Stripe's event id, ...), as
   * ingress/delivery-id.ts finds it: `hookgate requests --delivery ID` looks requests up by it.
   */
  deliveryId?: string;
  /** The verify scheme a request without the hook token passed (github, stripe, ...). */
  verified?: string;
  decision?: RequestDecision;
  /** Digest of the rules and policies that decided (replay and the console tell whether they changed since). */
  rulesDigest?: string;
  /** Milliseconds: the whole request, and the rules' decision alone. */
  timings: { totalMs: number; decideMs?: number };
  /** W3C traceparent of the request's trace span, when tracing is on. */
  traceContext?: string;
}

/**
 * A request-log entry ready to store (`loggedRequest` in logged-request.ts): the columns the log is
 * searched by, the rest as JSON, the body's bytes.
 */
export interface LoggedRequest {
  id: string;
  receivedAt: number;
  hook: string;
  status: number;
  outcome: RequestOutcome;
  code: string | null;
  mappingId: string | null;
  runId: string | null;
  deliveryId: string | null;
  /** The entry as JSON, without its body. */
  entry: string;
  body: Buffer | null;
}

/** A stored request: the entry and its position in the log (newer rows have larger seq). */
export interface RequestLogRecord extends RequestLogEntry {
  seq: number;
}

/** Which requests listRequests returns; every filter is optional. Newest first. */
export interface RequestQuery {
  limit: number;
  /** Only rows older than this seq (paging). */
  beforeSeq?: number;
  /** Received at or after / before this time (ms). */
  since?: number;
  until?: number;
  hook?: string;
  /** Only hooks whose name contains this text, compared without case. */
  hookContains?: string;
  mappingId?: string;
  outcome?: RequestOutcome;
  /** Only ids starting with this text. */
  idPrefix?: string;
  /** Only requests with this delivery id (exactly). */
  deliveryId?: string;
}

/**
 * What retention keeps. Rows older than `before` go, and beyond the newest `keep` rows of each table;
 * pending work (queued or running runs, runs whose delivery is pending, events not yet consumed) is
 * never pruned. At most `batch` rows are deleted per table per call.
 */
export interface RetentionPolicy {
  before: number;
  keep: number;
  batch: number;
}

/** Rows deleted per table; `more` when a table hit the batch limit (call again). */
export interface PruneResult {
  deleted: {
    requests: number;
    events: number;
    runs: number;
    transcripts: number;
    heartbeats: number;
    issues: number;
  };
  more: boolean;
}

/**
 * What kind of failure an issue groups: a runner failing (run), a reply's delivery exhausting its
 * retries (delivery), a mapping failing on our side, its transform mostly (transform), a sender's
 * signature failing (verification).
 */
export type IssueKind = "run" | "delivery" | "transform" | "verification";

/**
 * Failures of one kind on one path since the last flush, folded into one: `count` of them between
 * `firstAt` and `lastAt`, the last one's example and message.
 */
export interface IssueFailure {
  kind: IssueKind;
  /** The path that failed: `agent:<id>`, `channel:<name>` or `mapping:<id>`. */
  subject: string;
  /** The failure code: an error code of the catalogue, or the run's or delivery's status. */
  code: string;
  /** Verification failures only: the sender's address (`*` for every address past the per-mapping cap). */
  address?: string;
  count: number;
  firstAt: number;
  lastAt: number;
  runId?: string;
  requestId?: string;
  /** A sentence of ours about the latest failure (never a payload's text, a secret or a token). */
  message?: string;
}

/** The path worked at `at`: its issues whose last failure came before close. */
export interface IssueSuccess {
  subject: string;
  /** A verified request's sender address: closes that address's verification issue (and `*`'s). */
  address?: string;
  at: number;
}

/** One issue as the store keeps it. `closedAt` is set once the path succeeded after its last failure. */
export interface IssueRecord {
  id: number;
  kind: IssueKind;
  subject: string;
  code: string;
  address?: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
  closedAt?: number;
  /** The latest failure's run (run, delivery) or request log entry (transform, verification). */
  exampleRunId?: string;
  exampleRequestId?: string;
  message?: string;
}

/** How a run is linked to the runs that retried it and to the run it retried. */
export interface RunLinks {
  retryOf?: string;
  retriedAs: string[];
}

/** What recordIssues changed: issues opened by this call's failures and closed by its successes. */
export interface IssueChanges {
  opened: IssueRecord[];
  closed: IssueRecord[];
}

/** Work waiting, for the metrics' queue depths. */
export interface QueueStats {
  runsQueued: number;
  /** Runs stored but held back by flow control (a coalesce window still gathering). */
  runsHeld: number;
  /** Of the runs held, those a pause holds (`hookgate pause`). */
  runsPaused: number;
  runsRunning: number;
  deliveriesPending: number;
  eventsPending: number;
}

/** One lane's runs: running, and queued (waiting for room in the lane, or for a free worker). */
export interface LaneStats {
  lane: string;
  running: number;
  queued: number;
}

/** How far behind the work is, for `hookgate status`. */
export interface Backlog {
  runsHeld: number;
  /** When the oldest run still queued was received (epoch ms); absent when none is queued. */
  oldestQueuedAt?: number;
  /** When the oldest run still held was received; absent when none is held. */
  oldestHeldAt?: number;
}

export interface Store {
  /** Opens the store and applies migrations. */
  open(): Promise<void>;
  /** Flushes pending writes and closes. */
  close(): Promise<void>;
  /** true when the store answers and can still write durably (GET /healthz). */
  ping(): Promise<boolean>;

  // --- ingress (each call is one durable transaction) ---
  /**
   * Appends a wake text as a system event of the main session; an identical text right after the
   * previous pending event coalesces with it. With `idem`, the outcome is remembered in the same
   * transaction.
   */
  acceptWake(wake: NewWake, idem?: IdempotencyRef): Promise<AcceptResult>;
  /** Queues an agent run; `idem` as for acceptWake. */
  acceptRun(run: NewRun, idem?: IdempotencyRef): Promise<AcceptResult>;
  /**
   * The wakes of one request's fan-out (at least one), in one transaction: all are stored or none.
   * Each coalesces as acceptWake's would, one after the other; the outcome has their `count`, mode
   * `now` when any asked for it, and event `queued` when any started a new event.
   */
  acceptWakes(wakes: NewWake[], idem?: IdempotencyRef): Promise<AcceptResult>;
  /**
   * The runs of one request's fan-out (at least one), in one transaction: all are queued or none.
   * The outcome has every id in order (`runIds`) and the first as `runId`.
   */
  acceptRuns(runs: NewRun[], idem?: IdempotencyRef): Promise<AcceptResult>;
  /** An earlier use of an idempotency key still within its TTL (a replay or a conflict), else null. */
  findIdempotent(idem: IdempotencyRef): Promise<IdempotentRepeat | null>;

  // --- main session ---
  /** Appends a system event without coalescing (run summaries; `mode` defaults to next-heartbeat). */
  appendEvent(text: string, source: string, mode?: WakeMode): Promise<SystemEvent>;
  pendingEvents(limit?: number): Promise<SystemEvent[]>;
  consumeEvents(ids: number[], at: number): Promise<void>;
  listEvents(opts: { limit: number; pendingOnly?: boolean }): Promise<SystemEvent[]>;
  getLastRoute(): Promise<Route | null>;
  /** Records a successful delivery's route (the main session's last route and the channel's last recipient). */
  setLastRoute(route: Route): Promise<void>;
  lastRecipient(channel: string): Promise<string | null>;

  // --- sessions ---
  appendTranscript(sessionKey: string, messages: TranscriptMessage[]): Promise<void>;
  transcript(sessionKey: string, limit: number): Promise<TranscriptMessage[]>;

  // --- runs ---
  /** Moves up to `max` queued runs to running (oldest first) and returns them. */
  claimRuns(max: number, at: number): Promise<RunRecord[]>;
  /**
   * Records what a claimed run sends (agent, model and prompt actually used) while it waits on its
   * runner; a run whose turn ended at once has them recorded by finishRun instead (RunResult).
   */
  startRun(
    id: string,
    info: { resolvedAgentId: string; resolvedModel?: string; prompt: RunPrompt },
  ): Promise<void>;
  /**
   * Records the outcome; `completion` effects are written in the same transaction. false when nothing
   * was recorded: the run is not running (it finished already), or, on a shared store, another
   * instance has taken it over since this one's lease ran out. Its effects must then not follow.
   */
  finishRun(id: string, result: RunResult, completion?: RunCompletion): Promise<boolean>;
  setDelivery(runId: string, state: DeliveryState): Promise<void>;
  getRun(id: string): Promise<RunRecord | null>;
  /** Up to `limit` runs whose id starts with `prefix`, in id order (`hookgate runs show 3f2a`). */
  findRunsByIdPrefix(prefix: string, limit: number): Promise<RunRecord[]>;
  /**
   * Up to `limit` runs whose id ends with `suffix`, in id order: run ids begin with the time they were
   * received, so their ends tell runs of the same minute apart (a scan, for the command line only).
   */
  findRunsByIdSuffix(suffix: string, limit: number): Promise<RunRecord[]>;
  listRuns(opts: { limit: number; status?: RunStatus; sessionKey?: string }): Promise<RunRecord[]>;
  /**
   * After a crash: runs left `running` go back to `queued` once (attempts < maxAttempts), else are
   * failed with `interrupted`, and `failedEvent` (when given) posts what it returns for each of them
   * into the main session in the same transaction. Returns how many of each. On a shared store only
   * runs whose lease has run out count as interrupted: the others are still running somewhere.
   */
  recoverInterrupted(
    maxAttempts: number,
    at: number,
    failedEvent?: (run: RunRecord) => { text: string; source: string; mode: WakeMode },
  ): Promise<{ requeued: number; failed: number }>;
  /**
   * Runs whose delivery was in flight (`pending`) when the process stopped. On a shared store only
   * those no live instance is sending, and they become this instance's to finish.
   */
  pendingDeliveries(): Promise<RunRecord[]>;

  /**
   * Queues the runs held by their mapping's rate whose period has come, and ends the coalesce windows
   * whose time is up at `at`: their runs get their messages and are queued (or held or dropped by their
   * rate), their wakes become events. `templates` renders the windows of mappings with a
   * coalesceTemplate; without it those windows are left for a process that has the rules.
   */
  releaseWindows(at: number, templates?: CoalesceTemplates): Promise<Released>;

  // --- pauses ---
  /** Pauses a target, replacing an earlier pause of it; its runs are held at the next applyPauses. */
  pause(pause: Pause): Promise<void>;
  /**
   * Ends the pause of `target` and applies the pauses at `at` in the same transaction: its held runs
   * no other pause holds are queued. false when the target was not paused.
   */
  resume(target: string, at: number): Promise<boolean>;
  /** The pauses in force at `at`, by target. */
  listPauses(at: number): Promise<Pause[]>;
  /**
   * Brings runs in line with the pauses at `at`: pauses whose time is up end, queued runs of a paused
   * target are held, held runs no pause holds are queued. Returns the pauses in force and how many runs
   * were queued. claimRuns never claims a run of a paused target, whether or not this ran.
   */
  applyPauses(at: number): Promise<{ pauses: Pause[]; queued: number }>;

  // --- heartbeats ---
  /**
   * Records a finished heartbeat; on success its events are consumed and `transcript` is appended to
   * the main session transcript (key `main`) in the same transaction.
   */
  recordHeartbeat(heartbeat: NewHeartbeat, transcript?: TranscriptMessage[]): Promise<HeartbeatRecord>;
  setHeartbeatDelivery(id: number, state: DeliveryState): Promise<void>;
  listHeartbeats(limit: number): Promise<HeartbeatRecord[]>;

  // --- request log and retention ---
  /**
   * Appends request log entries. Not on the answer's durability path: an implementation may batch and
   * defer the write (SQLite joins the next group commit); a crash may lose the last entries.
   */
  logRequests(entries: LoggedRequest[]): Promise<void>;
  listRequests(query: RequestQuery): Promise<RequestLogRecord[]>;
  getRequest(id: string): Promise<RequestLogRecord | null>;
  /** Deletes what the policy no longer keeps, in every table (see RetentionPolicy). */
  prune(policy: RetentionPolicy): Promise<PruneResult>;
  queueStats(): Promise<QueueStats>;
  /** The rate counts of these scopes (mapping ids): the latest period given a run, and its runs. */
  rateCounts(scopes: readonly string[]): Promise<Map<string, RateCount>>;
  /** The token counts of these scopes (mapping ids with flow.budget.tokens), for the budget left. */
  tokenCounts(scopes: readonly string[]): Promise<Map<string, TokenCount>>;
  backlog(): Promise<Backlog>;
  /** Runs running and queued per lane, for the lanes that have any (by lane name). */
  laneStats(): Promise<LaneStats[]>;

  // --- retries ---
  /**
   * Queues new runs, each a retry of an earlier run, and records the links, in one transaction. A run
   * already retried is not retried again: `retryOf` must name a run without a retry (else nothing of
   * the call is stored and it rejects).
   */
  retryRuns(retries: Array<{ run: NewRun; retryOf: string }>): Promise<void>;
  /** The run a run retried, and the runs it was retried as (`hookgate runs show`). */
  runLinks(runId: string): Promise<RunLinks>;

  // --- later answers (the http runner's callback URLs) ---
  /**
   * Opens a callback URL for a run, by the digest of its token, valid until `expiresAt`. A run sent
   * again (after a restart) adds its new URL to the earlier ones: each of them stays valid, until the
   * latest expiry, and the run takes one answer in all.
   */
  openRunCallback(runId: string, tokenDigest: string, expiresAt: number): Promise<void>;
  /**
   * Records an agent's answer at one of the run's callback URLs, atomically: only the first answer
   * of a run is kept. `unknown`: no such URL; `used`: the run has its answer already; `expired`:
   * past its expiry.
   */
  answerRunCallback(
    runId: string,
    tokenDigest: string,
    answer: RunCallbackAnswer,
    at: number,
  ): Promise<RunCallbackOutcome>;
  /** The answer the agent posted for a run, or null while there is none. */
  runCallbackAnswer(runId: string): Promise<RunCallbackAnswer | null>;
  /** The agent answered at once: the run's callback URLs are no longer needed. */
  closeRunCallback(runId: string): Promise<void>;

  // --- issues ---
  /**
   * In one transaction: each failure counts into the open issue of its kind, path, code and address,
   * or opens one; then each success closes the open issues of its path whose last failure is not
   * later than it (address-less ones, and with an address that address's and `*`'s).
   */
  recordIssues(failures: IssueFailure[], successes: IssueSuccess[]): Promise<IssueChanges>;
  /** Newest first; `open` only the open ones, `closed` only the closed ones. */
  listIssues(query: { limit: number; status?: "open" | "closed" }): Promise<IssueRecord[]>;
  getIssue(id: number): Promise<IssueRecord | null>;
  /** Present when several instances share this store (PostgreSQL); absent for an embedded one. */
  readonly shared?: SharedStore;
}

/** What an HTTP agent posts to a run's callback URL. */
export type RunCallbackAnswer = { reply: string } | { error: string };

export type RunCallbackOutcome = "answered" | "unknown" | "used" | "expired";

/** What instances sharing one store tell each other: a run was queued, a heartbeat is wanted. */
export type WorkSignal = "run" | "heartbeat";

/**
 * Coordination of instances that share one store. Claimed runs are leased to the instance that
 * claimed them (the store renews the leases of runs it holds and releases them at close); this is
 * the rest: signals between instances and named leases such as the heartbeat's.
 */
export interface SharedStore {
  /** This instance's id in leases (random per process). */
  readonly instanceId: string;
  /**
   * Calls `onSignal` for every signal another instance sends, and `onGap` after the connection that
   * listens was lost and restored (signals may have been missed meanwhile). Resolves once listening;
   * the returned function stops.
   */
  listen(onSignal: (signal: WorkSignal) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** Tells the other instances. Accepts signal by themselves: acceptRun sends `run`, a `now` wake `heartbeat`. */
  signal(signal: WorkSignal): Promise<void>;
  /** Takes the named lease, or keeps it, for ttlMs; true while this instance holds it. */
  holdLease(name: string, ttlMs: number): Promise<boolean>;
  /** Gives the named lease up if this instance holds it. */
  releaseLease(name: string): Promise<void>;
  /** Failed authentications counted across instances (see AuthFailureCounts). */
  readonly authFailures: AuthFailureCounts;
}

/** Limits of the auth-failure lockout, in milliseconds. */
export interface AuthFailureLimits {
  max: number;
  windowMs: number;
  lockMs: number;
}

/**
 * The lockout's counts kept in the shared store, so that failures spread over instances add up. The
 * policy is the in-memory limiter's: `max` failures within a fixed window opened by the first lock
 * the key for lockMs; a failure while locked changes nothing; a lock that ended starts afresh.
 * `at` is the time in epoch milliseconds; without it, the store's own clock (one for all instances).
 */
export interface AuthFailureCounts {
  /**
   * One atomic step for a failed authentication: when the key is locked, nothing is recorded and
   * `wasLocked` is true; else the failure is counted. `lockedMs`: how long the key stays locked from
   * now on (the lock it was under, or the one this failure caused; 0 when not locked).
   */
  fail(
    key: string,
    limits: AuthFailureLimits,
    at?: number,
  ): Promise<{ wasLocked: boolean; lockedMs: number }>;
  /** Milliseconds the key stays locked (0 when not locked). */
  lockedFor(key: string, at?: number): Promise<number>;
  /** Forgets the failures and locks of these keys (valid tokens presented). */
  clear(keys: string[]): Promise<void>;
}

/**
 * What the read-only commands (`hookgate events`, `hookgate runs`) use: reads only, so that they can
 * run beside a serving instance and against any store kind.
 */
export type StoreReader = Pick<
  Store,
  | "close"
  | "listEvents"
  | "listHeartbeats"
  | "listRuns"
  | "getRun"
  | "findRunsByIdPrefix"
  | "findRunsByIdSuffix"
  | "transcript"
  | "listRequests"
  | "getRequest"
  | "listIssues"
  | "getIssue"
  | "runLinks"
  | "queueStats"
  | "backlog"
  | "laneStats"
  | "listPauses"
>;
