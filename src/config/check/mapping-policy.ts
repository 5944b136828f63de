// Literal values of a mapping checked against the ingress policies at load: a model, agent, channel or
// session key that the policies refuse would make every run of the mapping fail with 400, so it is a
// config error instead. The predicates are the policies' own (src/core/allowlists.ts). Templated values (with `{{`) are only known per request and are not checked.

import { checkAgentId, checkChannel, hasAllowedPrefix, isReservedSessionKey } from "../../core/allowlists.js";
import type { IssueList, SourceRef } from "../issues.js";
import type { ModelCatalog } from "../resolve/models.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolvedMapping } from "../types.js";

/** What the ingress policies admit, as resolved from the config. */
export interface MappingPolicy {
  models: ModelCatalog;
  /** null = any agent id. */
  allowedAgentIds: readonly string[] | null;
  /** Names of the configured delivery channels. */
  channels: readonly string[];
  /** Lower-cased; null = no restriction. */
  sessionKeyPrefixes: readonly string[] | null;
}

export function checkMappingPolicy(
  mapping: ResolvedMapping,
  path: readonly PathSegment[],
  source: SourceRef,
  policy: MappingPolicy,
  issues: IssueList,
): void {
  // A wake mapping uses none of these fields, unless its transform turns the request into an agent run.
  if (mapping.action === "ignore" || (mapping.action !== "agent" && !mapping.transform)) return;
  const at = (key: string) => [...path, key];
  const refuse = (key: string, message: string) =>
    issues.error(source, at(key), `mapping ${mapping.id}: ${message}`);

  const model = literal(mapping.model);
  if (model !== undefined && policy.models.canonical(model) === undefined) {
    refuse(
      "model",
      `model "${model}" is not allowed by ${policy.models.source} (allowed: ${policy.models.describe()}), so every run would be refused; add it there or use one of those`,
    );
  }

  const agentId = mapping.agentId;
  if (!checkAgentId(agentId, policy.allowedAgentIds).ok) {
    const listed = policy.allowedAgentIds?.join(", ") || "none";
    refuse(
      "agentId",
      `agentId "${agentId}" is not in hooks.allowedAgentIds (${listed}), so every run would be refused; add it there or remove agentId`,
    );
  }

  const channel = mapping.channel;
  if (channel !== undefined && !checkChannel(channel, policy.channels).ok) {
    refuse(
      "channel",
      `channel ${channel} is not configured, so every run would be refused; add channels.${channel} or use channel: last`,
    );
  }

  const sessionKey = literal(mapping.sessionKey);
  if (sessionKey === undefined) return;
  if (isReservedSessionKey(sessionKey)) {
    refuse(
      "sessionKey",
      `sessionKey "${sessionKey}" is reserved for the main session, so every run would be refused; use a key of its own such as hook:${mapping.id}`,
    );
  } else if (policy.sessionKeyPrefixes !== null && !hasAllowedPrefix(sessionKey, policy.sessionKeyPrefixes)) {
    const listed = policy.sessionKeyPrefixes.join(", ") || "none";
    refuse(
      "sessionKey",
      `sessionKey "${sessionKey}" does not start with any of hooks.allowedSessionKeyPrefixes (${listed}), so every run would be refused; change the key or add its prefix`,
    );
  }
}

/** The value a template field always renders to (trimmed, as rendering does), or undefined when it varies or is empty. */
function literal(template: string | undefined): string | undefined {
  if (template === undefined || template.includes("{{")) return undefined;
  const text = template.trim();
  return text === "" ? undefined : text;
}
