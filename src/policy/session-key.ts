import type { ResolvedConfig } from "../config/types.js";
import { hasAllowedPrefix, isReservedSessionKey } from "../core/allowlists.js";
import { MAIN_SESSION_KEY } from "../core/main-session.js";
import { allow, type PolicyResult, reject } from "../core/policy-result.js";
import { timeOrderedId } from "../core/time-ordered-id.js";

type HooksPolicy = Pick<
  ResolvedConfig["hooks"],
  "allowRequestSessionKey" | "allowedSessionKeyPrefixes" | "defaultSessionKey"
>;

/**
 * Picks the session key of an agent run: an explicit key (request or mapping) must pass the prefix
 * allowlist, a request's own key needs allowRequestSessionKey; otherwise defaultSessionKey, otherwise
 * a fresh `hook:<uuid>` (a new conversation per run). The uuid is time-ordered (version 7): the
 * runs table's session index then grows at its end instead of taking a random page per run.
 */
export function resolveSessionKey(
  requested: string | undefined,
  fromRequest: boolean,
  hooks: HooksPolicy,
): PolicyResult<string> {
  if (requested !== undefined) {
    // The main session belongs to heartbeats; a hook run joining it would read its conversation.
    if (isReservedSessionKey(requested)) {
      return reject(
        "SESSION_KEY_RESERVED",
        `sessionKey ${MAIN_SESSION_KEY} is reserved for the main session`,
      );
    }
    if (fromRequest && !hooks.allowRequestSessionKey) {
      return reject(
        "SESSION_KEY_NOT_ALLOWED",
        "sessionKey is not accepted from request payloads; set hooks.allowRequestSessionKey: true to allow it",
      );
    }
    const prefixes = hooks.allowedSessionKeyPrefixes;
    if (prefixes && !hasAllowedPrefix(requested, prefixes)) {
      return reject("SESSION_KEY_PREFIX", `sessionKey must start with one of: ${prefixes.join(", ")}`);
    }
    return allow(requested);
  }
  return allow(hooks.defaultSessionKey ?? `hook:${timeOrderedId()}`);
}
