// The body of one Chat Completions request, as each kind of server takes it. The servers share the
// OpenAI shape but differ where it matters here: how a thinking level is given (OpenAI's
// reasoning_effort only for its reasoning models, OpenRouter's reasoning.effort, Ollama's "none" to
// switch thinking off, vLLM's and llama.cpp's chat template switch), and the token cap's field.
import type { ProviderConfig } from "../../types/generated.js";

export type Api = NonNullable<ProviderConfig["api"]>;

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Default cap on one reply's tokens. */
export const DEFAULT_MAX_TOKENS = 4096;

/** The provider's kind: as configured, else from its address. */
export function apiOf(provider: ProviderConfig): Api {
  if (provider.api) return provider.api;
  let url: URL;
  try {
    url = new URL(provider.baseUrl);
  } catch {
    return "compatible";
  }
  const host = url.hostname.toLowerCase();
  if (host === "api.openai.com" || host.endsWith(".openai.azure.com")) return "openai";
  if (host === "openrouter.ai" || host.endsWith(".openrouter.ai")) return "openrouter";
  if (url.port === "11434") return "ollama";
  return "compatible";
}

type Level = "off" | "minimal" | "low" | "medium" | "high";

/** A thinking level as written in the config or a request; undefined for one we do not know. */
export function thinkingLevel(value: string | undefined): Level | undefined {
  switch (value?.trim().toLowerCase()) {
    case "off":
    case "none":
    case "false":
      return "off";
    case "minimal":
      return "minimal";
    case "low":
      return "low";
    case "medium":
      return "medium";
    case "high":
    case "xhigh":
    case "max":
      return "high";
    default:
      return undefined;
  }
}

/**
 * OpenAI models that take reasoning_effort: the o-series (but not o1-mini and o1-preview) and gpt-5
 * (but not its chat variants). Others answer 400 "Unrecognized request argument supplied".
 */
function openaiReasons(model: string): boolean {
  const m = model.toLowerCase();
  if (/^o1-(mini|preview)/.test(m) || /-chat/.test(m)) return false;
  return /^o\d/.test(m) || /^gpt-5/.test(m) || /^codex/.test(m);
}

/** The fields that carry the thinking level, for this provider, model and level. */
export function thinkingFields(
  provider: ProviderConfig,
  model: string,
  thinking: string | undefined,
): Record<string, unknown> {
  const level = thinkingLevel(thinking);
  const param = provider.thinkingParam ?? "auto";
  if (!level || param === "none") return {};
  // Servers that take only low, medium and high.
  const effort = level === "minimal" ? "low" : level;
  if (param === "reasoning_effort") return level === "off" ? {} : { reasoning_effort: effort };
  if (param === "reasoning") return level === "off" ? {} : { reasoning: { effort } };
  switch (apiOf(provider)) {
    case "openai":
      if (level === "off" || !openaiReasons(model)) return {};
      // gpt-5 knows "minimal"; the o-series does not.
      return { reasoning_effort: /^gpt-5/i.test(model) ? level : effort };
    case "openrouter":
      return level === "off" ? {} : { reasoning: { effort } };
    case "ollama":
      return { reasoning_effort: level === "off" ? "none" : effort };
    case "vllm":
    case "llamacpp":
      // Thinking switched off through the chat template (Qwen3 and others); templates without the
      // switch ignore it.
      if (level === "off") return { chat_template_kwargs: { enable_thinking: false } };
      return { reasoning_effort: effort };
    case "compatible":
      return level === "off" ? {} : { reasoning_effort: effort };
  }
}

/** The whole request body. `withThinking: false` leaves the thinking fields out. */
export function requestBody(
  provider: ProviderConfig,
  model: string,
  messages: ChatMessage[],
  thinking: string | undefined,
  withThinking: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages };
  const cap = provider.maxTokens ?? DEFAULT_MAX_TOKENS;
  // OpenAI's reasoning models refuse max_tokens; max_completion_tokens works for all its models.
  if (cap > 0) body[apiOf(provider) === "openai" ? "max_completion_tokens" : "max_tokens"] = cap;
  if (withThinking) Object.assign(body, thinkingFields(provider, model, thinking));
  return body;
}

/** A 400 (422 from vLLM's validation) that refuses the thinking fields we sent. */
export function refusesThinking(status: number, detail: string): boolean {
  return (status === 400 || status === 422) && /reasoning|think|effort|chat_template_kwargs/i.test(detail);
}
