// Builds the action of a matched mapping: templates first, then the transform's partial result over
// them (it may switch the kind), then validation against the wake / agent payload schemas. All
// templates of one action share one budget; running past it throws BudgetExceededError (budget.ts).

import { checkAgent, checkWake } from "../schemas/payloads.js";
import type { MailConfig, TransformResult } from "../types/generated.js";
import type { WorkBudget } from "./budget.js";
import type { CompiledTemplate, TemplateData } from "./template.js";
import { templateBudget } from "./template-budget.js";
import type { AgentAction, WakeAction } from "./types.js";

/** Template fields of a mapping, compiled at load. */
export interface ActionTemplates {
  text?: CompiledTemplate;
  message?: CompiledTemplate;
  name?: CompiledTemplate;
  sessionKey?: CompiledTemplate;
  to?: CompiledTemplate;
  model?: CompiledTemplate;
  thinking?: CompiledTemplate;
}

/** Everything action building needs about one mapping, fixed at load. */
export interface ActionSpec {
  id: string;
  kind: "wake" | "agent";
  templates: ActionTemplates;
  wakeMode?: "now" | "next-heartbeat";
  deliver?: boolean;
  channel?: AgentAction["channel"];
  agentId?: string;
  timeoutSeconds?: number;
  sessionMode?: AgentAction["sessionMode"];
  allowUnsafeExternalContent?: boolean;
  contentSource: string;
  pack?: string;
  /** hooks.mail settings, for mappings of the mail pack. */
  mail?: MailConfig;
}

export type BuiltAction =
  | { ok: true; kind: "wake"; action: WakeAction }
  | { ok: true; kind: "agent"; action: AgentAction }
  | { ok: false; error: string };

/** One request's template data and the budget all its renders share. */
interface RenderScope {
  data: TemplateData;
  budget: WorkBudget;
}

/** Rendered and trimmed; empty means absent. */
function render(template: CompiledTemplate | undefined, scope: RenderScope | undefined): string | undefined {
  if (!template || !scope) return undefined;
  const text = template(scope.data, scope.budget).trim();
  return text === "" ? undefined : text;
}

/** A copy without the undefined values, so absent fields stay absent (not `undefined` keys). */
function defined<T extends object>(obj: T): T {
  const out = {} as T;
  for (const key of Object.keys(obj) as (keyof T)[]) {
    if (obj[key] !== undefined) out[key] = obj[key];
  }
  return out;
}

/**
 * The action for one request. `result` is the transform's partial action (undefined without a
 * transform): `kind` switches the action kind, `text` / `message` replace the rendered ones, every
 * other field overrides, and fields of the other kind are dropped.
 */
export function buildAction(
  spec: ActionSpec,
  templateData: TemplateData | undefined,
  result?: TransformResult,
  /** The request's budget, shared by the actions of a fan-out; default: one of its own. */
  budget?: WorkBudget,
): BuiltAction {
  const kind = result?.kind ?? spec.kind;
  const sameKind = kind === spec.kind;
  const t = spec.templates;
  const scope = templateData ? { data: templateData, budget: budget ?? templateBudget() } : undefined;
  if (kind === "wake") {
    const action: WakeAction = defined({
      text: (result?.text ?? (sameKind ? render(t.text, scope) : undefined)) as string,
      mode: result?.mode ?? spec.wakeMode ?? "now",
      name: result?.name ?? render(t.name, scope),
    });
    const checked = checkWake({ text: action.text, mode: action.mode });
    return checked.ok
      ? { ok: true, kind, action }
      : { ok: false, error: `mapping ${spec.id}: ${checked.error}` };
  }
  const mail = spec.mail ?? {};
  const payload = defined({
    message: (result?.message ?? (sameKind ? render(t.message, scope) : undefined)) as string,
    name: result?.name ?? render(t.name, scope),
    agentId: result?.agentId ?? spec.agentId,
    sessionKey: result?.sessionKey ?? render(t.sessionKey, scope),
    wakeMode: result?.wakeMode ?? spec.wakeMode ?? "now",
    deliver: result?.deliver ?? spec.deliver ?? true,
    channel: result?.channel ?? spec.channel ?? "last",
    to: result?.to ?? render(t.to, scope),
    model: result?.model ?? mail.model ?? render(t.model, scope),
    thinking: result?.thinking ?? mail.thinking ?? render(t.thinking, scope),
    timeoutSeconds: result?.timeoutSeconds ?? spec.timeoutSeconds,
    sessionMode: result?.sessionMode ?? spec.sessionMode,
  });
  const checked = checkAgent(payload);
  if (!checked.ok) return { ok: false, error: `mapping ${spec.id}: ${checked.error}` };
  // Validated as a payload first (the schema admits no other keys), then the wrapper settings join it.
  const action: AgentAction = payload;
  action.allowUnsafeExternalContent =
    mail.allowUnsafeExternalContent ?? spec.allowUnsafeExternalContent ?? false;
  action.contentSource = spec.contentSource;
  if (spec.pack !== undefined) action.pack = spec.pack;
  return { ok: true, kind, action };
}
