// Row shapes of the SQLite tables and their conversion to the Store's records. NULL columns become
// absent fields so that records compare and print cleanly.
import type {
  DeliveryState,
  HeartbeatRecord,
  HeartbeatStatus,
  NewRun,
  RequestLogEntry,
  RequestLogRecord,
  RunHold,
  RunPrompt,
  RunRecord,
  RunStatus,
  SystemEvent,
  TokenUsage,
  TranscriptMessage,
  WakeMode,
} from "./types.js";

export interface EventRow {
  id: number;
  text: string;
  source: string;
  mode: string;
  repeats: number;
  created_at: number;
  last_at: number;
  consumed_at: number | null;
}

export interface RunRow {
  id: string;
  name: string;
  message: string;
  agent_id: string | null;
  session_key: string;
  session_mode: string | null;
  model: string | null;
  thinking: string | null;
  timeout_seconds: number | null;
  wake_mode: string;
  deliver: number;
  channel: string;
  recipient: string | null;
  mapping_id: string | null;
  preset: string | null;
  received_at: number;
  status: string;
  attempts: number;
  resolved_agent_id: string | null;
  resolved_model: string | null;
  prompt: string | null;
  reply: string | null;
  error: string | null;
  usage: string | null;
  started_at: number | null;
  finished_at: number | null;
  delivery: string | null;
  trace_context: string | null;
  target_id: string | null;
  held_reason?: string | null;
  held_until?: number | string | null;
  held_by?: string | null;
  merged?: number | null;
  lane?: string | null;
  lane_limit?: number | null;
}

export interface TranscriptRow {
  role: string;
  content: string;
  run_id: string | null;
  created_at: number;
}

export interface HeartbeatRow {
  id: number;
  reason: string;
  status: string;
  started_at: number;
  finished_at: number;
  event_ids: string;
  prompt: string | null;
  reply: string | null;
  error: string | null;
  usage: string | null;
  delivery: string | null;
}

/** Copies the entries whose value is neither null nor undefined. */
function defined<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (v !== null && v !== undefined) out[k] = v;
  return out as T;
}

function json<T>(text: string | null): T | undefined {
  return text === null ? undefined : (JSON.parse(text) as T);
}

export function eventFromRow(row: EventRow): SystemEvent {
  return defined({
    id: row.id,
    text: row.text,
    source: row.source,
    createdAt: row.created_at,
    consumedAt: row.consumed_at ?? undefined,
    mode: row.mode as WakeMode,
    repeats: row.repeats,
    lastAt: row.last_at,
  });
}

/** The columns a new run's insert sets (besides its status), in the order of `runValues`. */
export const RUN_COLUMNS = [
  "id",
  "name",
  "message",
  "agent_id",
  "session_key",
  "session_mode",
  "model",
  "thinking",
  "timeout_seconds",
  "wake_mode",
  "deliver",
  "channel",
  "recipient",
  "mapping_id",
  "preset",
  "received_at",
  "trace_context",
  "lane",
  "lane_limit",
] as const;

/** A new run's values in the order of RUN_COLUMNS, for positional parameters (cheaper to bind). */
export function runValues(run: NewRun): unknown[] {
  const params = runParams(run);
  return RUN_COLUMNS.map((column) => params[column]);
}

/** Column values of a new run, by column name. */
export function runParams(run: NewRun): Record<string, unknown> {
  return {
    id: run.id,
    name: run.name,
    message: run.message,
    agent_id: run.agentId ?? null,
    session_key: run.sessionKey,
    session_mode: run.sessionMode ?? null,
    model: run.model ?? null,
    thinking: run.thinking ?? null,
    timeout_seconds: run.timeoutSeconds ?? null,
    wake_mode: run.wakeMode,
    deliver: run.deliver ? 1 : 0,
    channel: run.channel,
    recipient: run.to ?? null,
    mapping_id: run.mappingId ?? null,
    // The column keeps its first name: instances of an older version may share the database.
    preset: run.pack ?? null,
    received_at: run.receivedAt,
    trace_context: run.traceContext ?? null,
    lane: run.lane?.name ?? null,
    lane_limit: run.lane?.limit ?? null,
  };
}

/** Where each column of a runs row is in a raw row (better-sqlite3's raw mode: an array of values). */
export type RunColumns = { readonly [K in keyof Required<RunRow>]: number };

/** Every column of a runs row (one missing here fails to compile). */
const ROW_COLUMNS: Record<keyof Required<RunRow>, true> = {
  id: true,
  name: true,
  message: true,
  agent_id: true,
  session_key: true,
  session_mode: true,
  model: true,
  thinking: true,
  timeout_seconds: true,
  wake_mode: true,
  deliver: true,
  channel: true,
  recipient: true,
  mapping_id: true,
  preset: true,
  received_at: true,
  status: true,
  attempts: true,
  resolved_agent_id: true,
  resolved_model: true,
  prompt: true,
  reply: true,
  error: true,
  usage: true,
  started_at: true,
  finished_at: true,
  delivery: true,
  trace_context: true,
  target_id: true,
  held_reason: true,
  held_until: true,
  held_by: true,
  merged: true,
  lane: true,
  lane_limit: true,
};

/** The positions of a statement's columns (its `columns()` names); -1 for one it does not have. */
export function runColumns(names: readonly string[]): RunColumns {
  return Object.fromEntries(
    Object.keys(ROW_COLUMNS).map((c) => [c, names.indexOf(c)]),
  ) as unknown as RunColumns;
}

/**
 * A raw row of runs as a RunRow. The driver names every column of an object row one by one, which
 * cost more than the rest of reading a claimed run; an object of one fixed shape built here does not.
 */
export function runRowOf(v: readonly unknown[], c: RunColumns): RunRow {
  return {
    id: v[c.id],
    name: v[c.name],
    message: v[c.message],
    agent_id: v[c.agent_id],
    session_key: v[c.session_key],
    session_mode: v[c.session_mode],
    model: v[c.model],
    thinking: v[c.thinking],
    timeout_seconds: v[c.timeout_seconds],
    wake_mode: v[c.wake_mode],
    deliver: v[c.deliver],
    channel: v[c.channel],
    recipient: v[c.recipient],
    mapping_id: v[c.mapping_id],
    preset: v[c.preset],
    received_at: v[c.received_at],
    status: v[c.status],
    attempts: v[c.attempts],
    resolved_agent_id: v[c.resolved_agent_id],
    resolved_model: v[c.resolved_model],
    prompt: v[c.prompt],
    reply: v[c.reply],
    error: v[c.error],
    usage: v[c.usage],
    started_at: v[c.started_at],
    finished_at: v[c.finished_at],
    delivery: v[c.delivery],
    trace_context: v[c.trace_context],
    target_id: v[c.target_id],
    held_reason: v[c.held_reason],
    held_until: v[c.held_until],
    held_by: v[c.held_by],
    merged: v[c.merged],
    lane: v[c.lane],
    lane_limit: v[c.lane_limit],
  } as RunRow;
}

export function runFromRow(row: RunRow): RunRecord {
  // Field by field rather than through defined(): the worker converts every run it claims, and
  // building the whole record and then copying its set fields cost several times as much. The fields
  // keep their order (JSON output).
  const run = { id: row.id, name: row.name, message: row.message } as RunRecord;
  if (row.agent_id != null) run.agentId = row.agent_id;
  run.sessionKey = row.session_key;
  if (row.session_mode != null) run.sessionMode = row.session_mode as RunRecord["sessionMode"];
  if (row.model != null) run.model = row.model;
  if (row.thinking != null) run.thinking = row.thinking;
  if (row.timeout_seconds != null) run.timeoutSeconds = row.timeout_seconds;
  run.wakeMode = row.wake_mode as WakeMode;
  run.deliver = row.deliver === 1;
  run.channel = row.channel;
  if (row.recipient != null) run.to = row.recipient;
  if (row.mapping_id != null) run.mappingId = row.mapping_id;
  if (row.preset != null) run.pack = row.preset;
  run.receivedAt = row.received_at;
  run.status = row.status as RunStatus;
  run.attempts = row.attempts;
  if (row.resolved_agent_id != null) run.resolvedAgentId = row.resolved_agent_id;
  if (row.resolved_model != null) run.resolvedModel = row.resolved_model;
  if (row.prompt != null) run.prompt = JSON.parse(row.prompt) as RunPrompt;
  if (row.reply != null) run.reply = row.reply;
  if (row.error != null) run.error = row.error;
  if (row.usage != null) run.usage = JSON.parse(row.usage) as TokenUsage;
  if (row.started_at != null) run.startedAt = row.started_at;
  if (row.finished_at != null) run.finishedAt = row.finished_at;
  if (row.delivery != null) run.delivery = JSON.parse(row.delivery) as DeliveryState;
  if (row.trace_context != null) run.traceContext = row.trace_context;
  if (row.target_id != null) run.targetId = row.target_id;
  if (row.held_reason) run.held = runHold(row.held_reason, row.held_until, row.held_by);
  if (row.merged != null) run.merged = row.merged;
  if (row.lane) run.lane = { name: row.lane, limit: row.lane_limit ?? 1 };
  return run;
}

function runHold(
  reason: string,
  until: number | string | null | undefined,
  by: string | null | undefined,
): RunHold {
  return defined({
    reason: reason as RunHold["reason"],
    until: until == null ? undefined : Number(until),
    by: by ?? undefined,
  });
}

export function transcriptFromRow(row: TranscriptRow): TranscriptMessage {
  return defined({
    role: row.role as TranscriptMessage["role"],
    content: row.content,
    runId: row.run_id ?? undefined,
    createdAt: row.created_at,
  });
}

export function heartbeatFromRow(row: HeartbeatRow): HeartbeatRecord {
  return defined({
    id: row.id,
    reason: row.reason,
    status: row.status as HeartbeatStatus,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    eventIds: JSON.parse(row.event_ids) as number[],
    prompt: row.prompt ?? undefined,
    reply: row.reply ?? undefined,
    error: row.error ?? undefined,
    usage: json<TokenUsage>(row.usage),
    delivery: json<DeliveryState>(row.delivery),
  });
}

export interface RequestRow {
  seq: number;
  id: string;
  entry: string;
  body: Buffer | null;
}

export function requestFromRow(row: RequestRow): RequestLogRecord {
  const entry = JSON.parse(row.entry) as Omit<RequestLogEntry, "body">;
  return { ...entry, ...(row.body !== null && { body: new Uint8Array(row.body) }), seq: row.seq };
}
