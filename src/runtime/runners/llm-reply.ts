// Reads the reply out of a Chat Completions answer. `content` is not always the answer: it is null
// when the model refused (the text is in `refusal`) or when a server put everything in the reasoning
// field (`reasoning_content` from vLLM, llama.cpp and DeepSeek, `reasoning` from OpenRouter and
// Ollama); reasoning models served without a reasoning parser start it with a `<think>` block; and a
// reply stopped by the token cap says `finish_reason: "length"`.
import type { TokenUsage } from "../../store/types.js";
import { RunnerError } from "./types.js";

/** Appended to a reply the token cap cut off, so that whoever reads it knows. */
export const CUT_OFF_NOTE = "[cut off: the reply reached the token limit]";

interface Choice {
  finish_reason?: unknown;
  message?: {
    content?: unknown;
    refusal?: unknown;
    reasoning_content?: unknown;
    reasoning?: unknown;
  };
}

export interface Completion {
  choices?: Choice[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
}

export function readReply(
  name: string,
  data: Completion,
  maxTokens: number,
): { reply: string; usage?: TokenUsage } {
  const choice = data?.choices?.[0];
  const message = choice?.message;
  if (!message || typeof message !== "object") {
    throw new RunnerError(`provider ${name} answered without choices[0].message.content`);
  }
  const cutOff = choice?.finish_reason === "length";
  const { answer, thought } = splitThinking(text(message.content) ?? "");
  const refusal = text(message.refusal);
  const reasoning = text(message.reasoning_content) ?? text(message.reasoning) ?? thought;

  // The answer as the model wrote it (an ack-only heartbeat reply is recognised with its Markdown);
  // only what followed a removed thinking block loses its leading blank lines.
  let reply = thought ? answer.replace(/^\s+/, "") : answer;
  if (reply.trim() === "") reply = "";
  if (reply === "" && refusal?.trim()) reply = refusal.trim();
  if (reply === "" && cutOff) {
    throw new RunnerError(
      `provider ${name} stopped at the token limit before writing an answer` +
        `${reasoning ? " (it was still reasoning)" : ""}: raise providers.${name}.maxTokens` +
        `${maxTokens > 0 ? ` (now ${maxTokens})` : ""} or lower the thinking level`,
    );
  }
  // No answer, but reasoning: the server filed the whole reply as reasoning. Better than nothing.
  if (reply === "" && reasoning?.trim()) reply = reasoning.trim();
  if (reply === "" && text(message.content) === undefined) {
    throw new RunnerError(`provider ${name} answered without choices[0].message.content`);
  }
  if (cutOff) reply = `${reply.trimEnd()}\n\n${CUT_OFF_NOTE}`;
  const usage = tokenUsage(data.usage);
  return usage ? { reply, usage } : { reply };
}

/** `<think>…</think>` (or `<thinking>`) blocks at the start of a reply, apart from the answer. */
function splitThinking(content: string): { answer: string; thought?: string } {
  let rest = content;
  const thoughts: string[] = [];
  for (;;) {
    const open = /^\s*<(think|thinking)>/i.exec(rest);
    if (!open) break;
    const close = new RegExp(`</${open[1]}>`, "i").exec(rest.slice(open[0].length));
    if (!close) {
      // Never closed (cut off while thinking): all of it is thought.
      thoughts.push(rest.slice(open[0].length));
      rest = "";
      break;
    }
    thoughts.push(rest.slice(open[0].length, open[0].length + close.index));
    rest = rest.slice(open[0].length + close.index + close[0].length);
  }
  const thought = thoughts.join("\n").trim();
  return thought ? { answer: rest, thought } : { answer: rest };
}

/** A string, or the text parts of an array of content parts joined. */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value
      .map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : ""))
      .join("");
  }
  return undefined;
}

function tokenUsage(usage: Completion["usage"]): TokenUsage | undefined {
  const out: TokenUsage = {};
  if (typeof usage?.prompt_tokens === "number") out.promptTokens = usage.prompt_tokens;
  if (typeof usage?.completion_tokens === "number") out.completionTokens = usage.completion_tokens;
  if (typeof usage?.total_tokens === "number") out.totalTokens = usage.total_tokens;
  return Object.keys(out).length ? out : undefined;
}
