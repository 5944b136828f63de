// A weak hook token is a warning: short, or the same value as another secret of the file.
import type { ResolveContext } from "../resolve/context.js";
import { formatKeyPath, type PathSegment } from "../source/key-path.js";

const minTokenLength = 24;
const secretKeys = new Set(["apiKey", "botToken", "token", "password", "accessToken"]);

export function checkHookToken(raw: unknown, token: string, ctx: ResolveContext): void {
  if (token.trim() === "") return;
  const path = ["hooks", "token"];
  if (token.length < minTokenLength) {
    ctx.issues.warn(
      ctx.source,
      path,
      `weak token: ${token.length} character${token.length === 1 ? "" : "s"}, use at least ${minTokenLength} random ones (for example: openssl rand -base64 32)`,
    );
  }
  for (const [other, value] of secretsIn(raw, [])) {
    if (value === token && formatKeyPath(other) !== "hooks.token") {
      ctx.issues.warn(
        ctx.source,
        path,
        `weak token: same value as ${formatKeyPath(other)}; use a dedicated hook token`,
      );
    }
  }
}

function* secretsIn(node: unknown, path: PathSegment[]): Generator<[PathSegment[], string]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* secretsIn(item, [...path, i]);
  } else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string" && secretKeys.has(key)) yield [[...path, key], value];
      else yield* secretsIn(value, [...path, key]);
    }
  }
}
