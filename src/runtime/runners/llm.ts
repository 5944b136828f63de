// OpenAI-compatible Chat Completions (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter, ...): one POST
// {baseUrl}/chat/completions per turn. 429 and 5xx are retried within the run's time, after the wait
// the provider asked for (Retry-After as seconds or an HTTP date) or a backoff; a model that refuses
// the thinking fields is asked again without them. Errors say which provider failed and what to
// check; the API key never appears in them.
import { setTimeout as delay } from "node:timers/promises";
import { Agent, fetch as undiciFetch } from "undici";
import type { ProviderConfig } from "../../types/generated.js";
import { parseRetryAfter } from "../retry-after.js";
import { type Completion, readReply } from "./llm-reply.js";
import { type ChatMessage, DEFAULT_MAX_TOKENS, refusesThinking, requestBody } from "./llm-request.js";
import { backoff, answerDetail as detail } from "./target-request.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

/** Requests per turn at most: the first and three retries of 429 and 5xx answers. */
const MAX_ATTEMPTS = 4;

/**
 * Connections without undici's default 300 s limits on the wait for headers and between body chunks:
 * a model may think for longer before its first byte, and the run's own timeout (600 s by default,
 * up to a day) is the one limit that applies.
 */
const patientAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
const patientFetch = ((url: string, init?: RequestInit) =>
  undiciFetch(url, { ...(init as object), dispatcher: patientAgent })) as unknown as typeof fetch;

export interface LlmRunnerDeps {
  providers: Record<string, ProviderConfig>;
  fetch?: typeof fetch | undefined;
  /** Waits between retries; rejects when `signal` aborts. Injectable so tests do not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export function createLlmRunner(deps: LlmRunnerDeps): Runner {
  const doFetch = deps.fetch ?? patientFetch;
  const sleep = deps.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  // provider/model pairs that refused the thinking fields: not sent to them again.
  const noThinking = new Set<string>();
  return {
    kind: "llm",
    async run(input: RunnerInput): Promise<RunnerResult> {
      const startedAt = now();
      const { name, provider, model } = pickProvider(input, deps.providers);
      const messages: ChatMessage[] = [];
      if (input.systemPrompt) messages.push({ role: "system", content: input.systemPrompt });
      for (const m of input.transcript) messages.push({ role: m.role, content: m.content });
      messages.push({ role: "user", content: input.message });

      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
        ...provider.headers,
      };
      if (provider.apiKey) headers["authorization"] = `Bearer ${provider.apiKey}`;
      const base = provider.baseUrl.replace(/\/+$/, "");
      const redact = (s: string) =>
        provider.apiKey && provider.apiKey.length >= 4 ? s.replaceAll(provider.apiKey, "***") : s;
      const pair = `${name}/${model}`;

      for (let attempt = 1; ; attempt += 1) {
        const withThinking = !noThinking.has(pair);
        const body = requestBody(provider, model, messages, input.thinking, withThinking);
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
        if (response.ok) return parseCompletion(name, provider, response, text, redact);

        const why = detail(text);
        const sentThinking = Object.keys(body).some((k) => THINKING_KEYS.has(k));
        if (sentThinking && refusesThinking(response.status, why) && attempt < MAX_ATTEMPTS) {
          noThinking.add(pair);
          continue;
        }
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || attempt >= MAX_ATTEMPTS) {
          throw new RunnerError(redact(httpError(name, model, response, why, now())));
        }
        const asked = parseRetryAfter(response.headers.get("retry-after"), now());
        const wait = asked ?? backoff(attempt, random);
        const left = startedAt + input.timeoutMs - now();
        if (wait >= left) {
          throw new RunnerError(
            redact(
              `${httpError(name, model, response, why, now())} (a retry in ${Math.ceil(wait / 1000)} s ` +
                "would come after the run's timeout)",
            ),
          );
        }
        try {
          await sleep(wait, input.signal);
        } catch (err) {
          if (input.signal.aborted) throw input.signal.reason;
          throw err;
        }
      }
    },
  };
}

const THINKING_KEYS = new Set(["reasoning_effort", "reasoning", "chat_template_kwargs"]);

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

function httpError(name: string, model: string, response: Response, why: string, at: number): string {
  const status = response.status;
  if (status === 401)
    return `provider ${name} rejected the API key (401): ${why} — check providers.${name}.apiKey`;
  if (status === 403) return `provider ${name} refused access (403): ${why}`;
  if (status === 404) {
    // Ollama: 'model "x" not found, try pulling it first'.
    const pull = /try pulling it first/i.test(why)
      ? ` — pull it on the Ollama host: ollama pull ${model}`
      : "";
    return `provider ${name} does not know model "${model}" (404 model not found): ${why}${pull || ` — check the model name and providers.${name}.baseUrl`}`;
  }
  if (status === 429) {
    const after = parseRetryAfter(response.headers.get("retry-after"), at);
    return `provider ${name} rate limited the request (429)${after !== undefined ? `, retry after ${Math.ceil(after / 1000)}s` : ""}: ${why}`;
  }
  if (status >= 500) return `provider ${name} failed with HTTP ${status}: ${why}`;
  return `provider ${name} rejected the request (HTTP ${status}): ${why}`;
}

function parseCompletion(
  name: string,
  provider: ProviderConfig,
  response: Response,
  text: string,
  redact: (s: string) => string,
): RunnerResult {
  let data: Completion;
  try {
    data = JSON.parse(text);
  } catch {
    const type = response.headers.get("content-type") ?? "no content-type";
    throw new RunnerError(
      redact(`provider ${name} answered with something that is not JSON (${type}): ${detail(text)}`),
    );
  }
  return readReply(name, data, provider.maxTokens ?? DEFAULT_MAX_TOKENS);
}
