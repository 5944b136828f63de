// Which mappings a request without the hook token may reach on a hook path, and the verification of
// such a request against them. Shared by the server and `hookgate test`.
import { type RuleIndex, verifyingFor } from "../engine/compile.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { CompiledRule } from "../engine/rule.js";
import { type RequestVerification, verifyRequest } from "../engine/verify/request.js";
import type { VerifyInput } from "../engine/verify/types.js";

const NONE: readonly CompiledRule[] = [];

/**
 * The mappings of a hook name that have a verify. `wake` and `agent` are the built-in endpoints,
 * reachable with the token only: a signature for a mapping never opens them (nor the empty name).
 */
export function verifyingRules(index: RuleIndex, name: string): readonly CompiledRule[] {
  const path = normaliseHookPath(name);
  return path === "wake" || path === "agent" || path === "" ? NONE : verifyingFor(index, path);
}

export function verifyHookRequest(index: RuleIndex, name: string, input: VerifyInput): RequestVerification {
  return verifyRequest(verifyingRules(index, name), input);
}

export type { RequestVerification };
