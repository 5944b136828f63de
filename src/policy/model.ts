import type { ModelCatalog } from "../config/resolve/models.js";
import { allow, type PolicyResult, reject } from "../core/policy-result.js";

/**
 * A model override is a `provider/model` key or an alias. With a restricted list it must be on it;
 * the result is always the canonical key when the list knows it. `catalog` is the config's, from
 * modelCatalog(config), so the ingress and the runtime resolve names the same way.
 */
export function resolveModel(
  model: string | undefined,
  catalog: ModelCatalog,
): PolicyResult<string | undefined> {
  if (model === undefined) return allow(undefined);
  const key = catalog.canonical(model);
  if (key === undefined) {
    return reject(
      "MODEL_NOT_ALLOWED",
      `model "${model}" is not allowed by ${catalog.source}; allowed: ${catalog.describe()}`,
    );
  }
  return allow(key);
}
