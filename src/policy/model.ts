import type { ModelEntry } from "../types/generated.js";
import { allow, type PolicyResult, reject } from "./result.js";

/** Alias → `provider/model`, built once per config. */
export function aliasIndex(models: Record<string, ModelEntry> | null): Map<string, string> {
  const index = new Map<string, string>();
  for (const [key, entry] of Object.entries(models ?? {})) {
    if (entry.alias) index.set(entry.alias, key);
  }
  return index;
}

/**
 * A model override is a `provider/model` key or an alias. With a restricted list it must be on it;
 * the result is always the canonical key when the list knows it.
 */
export function resolveModel(
  model: string | undefined,
  models: Record<string, ModelEntry> | null,
  aliases: Map<string, string>,
): PolicyResult<string | undefined> {
  if (model === undefined) return allow(undefined);
  const canonical = aliases.get(model) ?? model;
  if (models && Object.keys(models).length > 0 && !(canonical in models)) {
    const names = Object.keys(models).map((k) => (models[k]?.alias ? `${k} (${models[k]?.alias})` : k));
    return reject(
      "MODEL_NOT_ALLOWED",
      `model "${model}" is not allowed by agents.defaults.models; allowed: ${names.join(", ")}`,
    );
  }
  return allow(canonical);
}
