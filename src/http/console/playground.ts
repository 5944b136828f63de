// The playground's request: hook name (or a mapping's path), headers and payload from the form, built
// like the server builds a request (token headers stripped) and decided by the same pipeline as
// `hookgate test`, with its explain trace. Nothing is stored, sent or run.
import type { RuleIndex } from "../../engine/compile.js";
import { normaliseHookPath } from "../../engine/hook-path.js";
import { readCloudEvents } from "../../ingress/cloudevents.js";
import type { Ingress } from "../../ingress/decide.js";
import { decisionText } from "../../ingress/decision-report.js";
import { hookRequest } from "../../ingress/hook-request.js";
import type { PlaygroundInput } from "./forms-page.js";

export async function decidePlayground(
  form: URLSearchParams,
  ingress: Ingress,
  index: RuleIndex,
): Promise<{ input: PlaygroundInput; result: { error?: string; text?: string } }> {
  const input: PlaygroundInput = {
    hook: form.get("hook") ?? "",
    mapping: form.get("mapping") ?? "",
    headers: form.get("headers") ?? "",
    payload: form.get("payload") ?? "",
    now: form.get("now") ?? "",
  };
  const fail = (error: string) => ({ input, result: { error } });

  let name = normaliseHookPath(input.hook);
  if (name === "" && input.mapping !== "") {
    const rule = index.rules.find((r) => r.id === input.mapping);
    if (!rule) return fail(`no mapping ${input.mapping} in the rules in force`);
    if (rule.path === null) return fail(`mapping ${rule.id} matches any hook name: type one in Hook name`);
    name = rule.path;
  }
  if (name === "") return fail("give a hook name, or pick a mapping");

  const headers: Record<string, string> = {};
  for (const [i, line] of input.headers.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const at = line.indexOf(":");
    if (at <= 0) return fail(`headers, line ${i + 1}: expected name: value`);
    const key = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }

  let payload: unknown = {};
  if (input.payload.trim() !== "") {
    try {
      payload = JSON.parse(input.payload);
    } catch (err) {
      return fail(`the payload is not valid JSON: ${(err as Error).message}`);
    }
  }

  let now = new Date();
  if (input.now.trim() !== "") {
    now = new Date(input.now.trim());
    if (Number.isNaN(now.getTime())) return fail("the time is not an ISO date such as 2025-06-01T14:02:00Z");
  }

  // A CloudEvent (ce-* headers, or its structured content type) is seen as the server sees it.
  const cloud = readCloudEvents(headers, Buffer.from(input.payload));
  if (cloud.mode === "invalid") return fail(cloud.error);
  if (cloud.mode === "batch")
    return fail("a CloudEvents batch is decided event by event: try its events one at a time");
  const event = cloud.mode === "none" ? undefined : cloud.event;
  const request = event
    ? hookRequest({ name, headers, query: {}, payload: event.data ?? {}, ce: event.attributes })
    : hookRequest({ name, headers, query: {}, payload });
  const decision = await ingress.decide(request, { explain: true, now });
  return { input, result: { text: decisionText(index, decision) } };
}
