// OpenAI-compatible Chat Completions (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, ...): one POST
// {baseUrl}/chat/completions per turn. Errors say which provider failed and what to check; the API key
// never appears in them.
import type { TokenUsage } from "../../store/types.js";
import type { ProviderConfig } from "../../types/generated.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

const DETAIL_CHARS = 300;

interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export function createLlmRunner(deps: {
  providers: Record<string, ProviderConfig>;
  fetch?: typeof fetch;
}): Runner {
  const doFetch = deps.fetch ?? fetch;
  return {
    kind: "llm",
    async run(input: RunnerInput): Promise<RunnerResult> {
      const { name, provider, model } = pickProvider(input, deps.providers);
      const messages: ChatMessage[] = [];
      if (input.systemPrompt) messages.push({ role: "system", content: input.systemPrompt });
      for (const m of input.transcript) messages.push({ role: m.role, content: m.content });
      messages.push({ role: "user", content: input.message });
      const body: Record<string, unknown> = { model, messages };
      if (input.thinking && (provider.thinkingParam ?? "reasoning_effort") === "reasoning_effort") {
        body["reasoning_effort"] = input.thinking;
      }

      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
        ...provider.headers,
      };
      if (provider.apiKey) headers["authorization"] = `Bearer ${provider.apiKey}`;
      const base = provider.baseUrl.replace(/\/+$/, "");

      let response: Response;
      let text: string;
      try {
        response = await doFetch(`${base}/chat/completions`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
          signal: input.signal,
        });
        text = await response.text();
      } catch (err) {
        if (input.signal.aborted) throw input.signal.reason;
        const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
        throw new RunnerError(`could not reach provider ${name} at ${base}: ${cause}`);
      }
      const redact = (s: string) =>
        provider.apiKey && provider.apiKey.length >= 4 ? s.replaceAll(provider.apiKey, "***") : s;
      if (!response.ok) throw new RunnerError(redact(httpError(name, model, response, text)));
      return parseCompletion(name, response, text, redact);
    },
  };
}

function pickProvider(
  input: RunnerInput,
  providers: Record<string, ProviderConfig>,
): { name: string; provider: ProviderConfig; model: string } {
  if (!input.model) {
    throw new RunnerError(
      `agent ${input.agentId} has no model: set agents.defaults.model, the agent's model, or model in the request`,
    );
  }
  const slash = input.model.indexOf("/");
  if (slash <= 0 || slash === input.model.length - 1) {
    throw new RunnerError(
      `model "${input.model}" must be written provider/model (or be an alias from agents.defaults.models)`,
    );
  }
  const name = input.model.slice(0, slash);
  const provider = providers[name];
  if (!provider)
    throw new RunnerError(`model ${input.model}: provider "${name}" is not configured under providers`);
  return { name, provider, model: input.model.slice(slash + 1) };
}

/** The provider's own explanation: OpenAI's `{error: {message}}`, other shapes, or the start of the body. */
function detail(text: string): string {
  try {
    const data = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    };
    const message =
      typeof data.error === "string"
        ? data.error
        : typeof data.error?.message === "string"
          ? data.error.message
          : typeof data.message === "string"
            ? data.message
            : typeof data.detail === "string"
              ? data.detail
              : undefined;
    if (message) return clip(message);
  } catch {
    // not JSON: fall through to the raw text
  }
  const raw = text.replace(/\s+/g, " ").trim();
  return raw ? clip(raw) : "no details in the answer";
}

function clip(text: string): string {
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text;
}

function httpError(name: string, model: string, response: Response, text: string): string {
  const why = detail(text);
  const status = response.status;
  if (status === 401)
    return `provider ${name} rejected the API key (401): ${why} — check providers.${name}.apiKey`;
  if (status === 403) return `provider ${name} refused access (403): ${why}`;
  if (status === 404) {
    return `provider ${name} does not know model "${model}" (404 model not found): ${why} — check the model name and providers.${name}.baseUrl`;
  }
  if (status === 429) {
    const after = response.headers.get("retry-after");
    return `provider ${name} rate limited the request (429)${after ? `, retry after ${after}s` : ""}: ${why}`;
  }
  if (status >= 500) return `provider ${name} failed with HTTP ${status}: ${why}`;
  return `provider ${name} rejected the request (HTTP ${status}): ${why}`;
}

function parseCompletion(
  name: string,
  response: Response,
  text: string,
  redact: (s: string) => string,
): RunnerResult {
  let data: {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  };
  try {
    data = JSON.parse(text);
  } catch {
    const type = response.headers.get("content-type") ?? "no content-type";
    throw new RunnerError(
      redact(`provider ${name} answered with something that is not JSON (${type}): ${detail(text)}`),
    );
  }
  const content = data?.choices?.[0]?.message?.content;
  const reply =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content
            .map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : ""))
            .join("")
        : undefined;
  if (reply === undefined) {
    throw new RunnerError(`provider ${name} answered without choices[0].message.content`);
  }
  const usage: TokenUsage = {};
  if (typeof data.usage?.prompt_tokens === "number") usage.promptTokens = data.usage.prompt_tokens;
  if (typeof data.usage?.completion_tokens === "number")
    usage.completionTokens = data.usage.completion_tokens;
  if (typeof data.usage?.total_tokens === "number") usage.totalTokens = data.usage.total_tokens;
  return Object.keys(usage).length ? { reply, usage } : { reply };
}
