// Turns a decided wake or agent action into a durable record: the safety wrapper, then the store, and
// only then the answer. The policies already ran in the ingress pipeline (src/ingress/decide.ts).
// The store write is traced (span hookgate.store); a run keeps that span's trace so that its own
// span, later, joins the request's trace.
import { metrics } from "../core/metrics.js";
import { timeOrderedId } from "../core/time-ordered-id.js";
import { inSpan, traceparentOf } from "../core/tracing.js";
import { wrapExternalContent } from "../core/untrusted-content.js";
import type { CompiledFlow, FlowKeys } from "../engine/flow.js";
import type { AgentAction, WakeAction } from "../engine/types.js";
import type { AdmittedRun } from "../ingress/decide.js";
import type { AgentVerdict } from "../policy/agent-policy.js";
import type { Runtime } from "../runtime/types.js";
import type {
  AcceptResult,
  CoalesceFrame,
  FlowSpec,
  IdempotencyRef,
  NewRun,
  NewWake,
} from "../store/types.js";
import { HttpError } from "./errors.js";

/** A mapping's flow control, for the actions it built (each carries its keys); its scope: the mapping's id. */
export type AcceptFlow = CompiledFlow;

export interface Acceptor {
  wake(
    action: WakeAction,
    hook: string,
    idem: IdempotencyRef | undefined,
    flow?: AcceptFlow,
  ): Promise<AcceptResult>;
  agent(
    action: AgentAction,
    verdict: AgentVerdict,
    hook: string,
    idem: IdempotencyRef | undefined,
    mappingId?: string,
    flow?: AcceptFlow,
  ): Promise<AcceptResult>;
  /** A fan-out's wakes, stored together or not at all. */
  wakes(
    actions: WakeAction[],
    hook: string,
    idem: IdempotencyRef | undefined,
    flow?: AcceptFlow,
  ): Promise<AcceptResult>;
  /** A fan-out's runs, queued together or not at all. */
  agents(
    runs: AdmittedRun[],
    hook: string,
    idem: IdempotencyRef | undefined,
    mappingId: string,
    flow?: AcceptFlow,
  ): Promise<AcceptResult>;
}

export function createAcceptor(runtime: Runtime): Acceptor {
  const store = runtime.store;

  const wakeAccepted = (result: AcceptResult) => {
    if (result.status === "accepted" && result.outcome.kind === "wake") {
      runtime.wakeAccepted(result.outcome.mode);
    }
    return result;
  };
  const runsAccepted = (result: AcceptResult, count: number, run: NewRun) => {
    if (result.status !== "accepted") return result;
    metrics.runs.inc({ status: "queued" }, count);
    const { held, dropped } = result.outcome;
    const mapping = run.mappingId ?? "none";
    if (held) metrics.flowRated.inc({ mapping, outcome: "held" });
    if (dropped) metrics.flowRated.inc({ mapping, outcome: "dropped" });
    // A join to a window that stays open (or a run held, dropped or repeated) queues nothing: a kick
    // would have the worker look for runs in vain, one more write in the next commit.
    if (!result.nothingQueued) runtime.runAccepted();
    // A paused mapping's runs wait held (the store keeps them from the worker): the answer says so.
    if (result.outcome.kind === "run" && !held && !dropped && runtime.pausedBy(run)) {
      return { ...result, outcome: { ...result.outcome, held: true as const } };
    }
    return result;
  };

  return {
    async wake(action, hook, idem, flow) {
      const result = await durably("wake", () =>
        store.acceptWake(newWake(action, hook, Date.now(), flow), idem),
      );
      return wakeAccepted(result);
    },

    async wakes(actions, hook, idem, flow) {
      const receivedAt = Date.now();
      const result = await durably("wake", () =>
        store.acceptWakes(
          actions.map((a) => newWake(a, hook, receivedAt, flow)),
          idem,
        ),
      );
      return wakeAccepted(result);
    },

    async agent(action, verdict, hook, idem, mappingId, flow) {
      const run = newRun(action, verdict, hook, Date.now(), mappingId, flow);
      const result = await durably("run", (traceContext) =>
        store.acceptRun(traceContext ? { ...run, traceContext } : run, idem),
      );
      return runsAccepted(result, 1, run);
    },

    async agents(runs, hook, idem, mappingId, flow) {
      const receivedAt = Date.now();
      const built = runs.map((r) => newRun(r.action, r.verdict, hook, receivedAt, mappingId, flow));
      const result = await durably("run", (traceContext) =>
        store.acceptRuns(traceContext ? built.map((run) => ({ ...run, traceContext })) : built, idem),
      );
      return runsAccepted(result, runs.length, built[0]!);
    },
  };
}

function newWake(action: WakeAction, hook: string, receivedAt: number, flow?: AcceptFlow): NewWake {
  const source = action.name ?? hook;
  const spec =
    flow && flowSpec(flow, action.flow, action.text, flow.coalesce?.template ? WAKE_TEMPLATE : WAKE, "wake");
  return spec
    ? { text: action.text, mode: action.mode, source, receivedAt, flow: spec }
    : { text: action.text, mode: action.mode, source, receivedAt };
}

/** A wake window's frame, the same for every wake: one object each, shared by the windows' specs. */
const WAKE: CoalesceFrame = Object.freeze({ separator: "\n" });
const WAKE_TEMPLATE: CoalesceFrame = Object.freeze({ separator: "\n", template: true as const });

/**
 * The store's view of an action's flow control: its keys with the mapping's windows, how a coalesced
 * message is made of the items (`frame`, and the mapping's coalesceTemplate), and for a run its
 * mapping's rate and budget (a wake is not a run of its own: the rate and budget leave it alone).
 * Undefined without keys, rate or budget.
 */
function flowSpec(
  flow: AcceptFlow,
  keys: FlowKeys | undefined,
  item: string,
  frame: CoalesceFrame | undefined,
  kind: "wake" | "run",
): FlowSpec | undefined {
  const { dedupe, coalesce, rate, budget } = flow;
  const spec: FlowSpec = { scope: flow.scope };
  if (rate && kind === "run") spec.rate = rate;
  if (budget && kind === "run") spec.budget = budget;
  if (!keys) return spec.rate || spec.budget ? spec : undefined;
  if (dedupe && keys.dedupe !== undefined) spec.dedupe = { key: keys.dedupe, windowMs: dedupe.windowMs };
  if (coalesce && frame && keys.coalesce !== undefined) {
    // The mapping's template over the items was made when its rule compiled.
    spec.coalesce = {
      key: keys.coalesce,
      windowMs: coalesce.windowMs,
      max: coalesce.max,
      item,
      frame,
      render: coalesce.render,
    };
  }
  return spec.dedupe || spec.coalesce || spec.rate || spec.budget ? spec : undefined;
}

/** The run of an admitted action: its content wrapped as untrusted unless the mapping allows it. */
function newRun(
  action: AgentAction,
  verdict: AgentVerdict,
  hook: string,
  receivedAt: number,
  mappingId: string | undefined,
  flow?: AcceptFlow,
): NewRun {
  const { sessionKey, sessionMode, model, channel } = verdict;
  // Time-ordered, so each new run lands at the end of the runs' id index: random ids dirtied a page
  // of that index anywhere in every commit (test/bench/README.md, "Where the time goes").
  const id = timeOrderedId(receivedAt);
  const name = action.name ?? hook;
  const source = action.contentSource ?? "Webhook";
  const message = action.allowUnsafeExternalContent
    ? action.message
    : wrapExternalContent(action.message, { hookName: name, runId: id, receivedAt, source });
  // A coalesced run's message is made of the items when its window ends, wrapped once as the window's
  // run, from its first request.
  const frame: CoalesceFrame | undefined = flow?.coalesce && {
    separator: "\n\n",
    ...(!action.allowUnsafeExternalContent && { wrap: { hookName: name, source } }),
    ...(flow.coalesce.template && { template: true as const }),
  };
  const spec = flow && flowSpec(flow, action.flow, action.message, frame, "run");
  return {
    id,
    name,
    message,
    sessionKey,
    sessionMode,
    wakeMode: action.wakeMode ?? "now",
    deliver: action.deliver ?? true,
    channel,
    receivedAt,
    ...(action.agentId !== undefined && { agentId: action.agentId }),
    ...(model !== undefined && { model }),
    ...(action.thinking !== undefined && { thinking: action.thinking }),
    ...(action.timeoutSeconds !== undefined && { timeoutSeconds: action.timeoutSeconds }),
    ...(action.to !== undefined && { to: action.to }),
    ...(action.pack !== undefined && { pack: action.pack }),
    ...(mappingId !== undefined && { mappingId }),
    ...(spec && { flow: spec }),
    ...(flow?.lane && { lane: flow.lane }),
  };
}

/** A store failure is ours, not the client's: 503, and nothing was acknowledged. */
function durably<T>(what: string, op: (traceContext: string | undefined) => Promise<T>): Promise<T> {
  return inSpan("hookgate.store", { "hookgate.store.accept": what }, async (span) => {
    try {
      return await op(traceparentOf(span));
    } catch (err) {
      throw new HttpError("STORE_UNAVAILABLE", undefined, { headers: { "retry-after": "5" }, cause: err });
    }
  });
}
