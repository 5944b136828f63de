// hooks.transformsDir and transform.module must stay inside <config dir>/hooks/transforms.
import { join, resolve } from "node:path";
import type { SourceRef } from "../issues.js";
import type { ResolveContext } from "../resolve/context.js";
import type { PathSegment } from "../source/key-path.js";
import { checkContained } from "./paths.js";

/** The effective transforms folder (absolute). When the configured one is rejected, the default root is
 * returned with ok false, so that the config still resolves (and fails). */
export function resolveTransformsDir(
  configured: string | undefined,
  ctx: ResolveContext,
): { dir: string; ok: boolean } {
  const root = join(ctx.dir, "hooks", "transforms");
  // The default folder itself may be a link: its real path must stay in the config's folder too, or
  // whoever controls where it points supplies the code that runs.
  const rootVerdict = checkContained(ctx.dir, root);
  if (!rootVerdict.ok) {
    ctx.issues.error(
      ctx.source,
      ["hooks", "transformsDir"],
      `the transforms folder ${root} leads through a symbolic link to ${rootVerdict.real}, outside the config's folder ${ctx.dir}; make hooks/transforms a real folder there (copy the modules in) instead of a link`,
    );
    return { dir: root, ok: false };
  }
  if (configured === undefined) return { dir: root, ok: true };
  const dir = resolve(ctx.dir, configured);
  const verdict = checkContained(root, dir);
  if (verdict.ok) return { dir, ok: true };
  ctx.issues.error(
    ctx.source,
    ["hooks", "transformsDir"],
    verdict.reason === "outside"
      ? `"${configured}" resolves to ${dir}, outside ${root}; transforms must live in that folder or below it`
      : `"${configured}" leads through a symbolic link to ${verdict.real}, outside ${root}; transforms must live in that folder or below it`,
  );
  return { dir: root, ok: false };
}

/** Reports a module outside the transforms folder; false when it is. */
export function checkTransformModule(
  module: string,
  transformsDir: string,
  path: PathSegment[],
  source: SourceRef,
  ctx: ResolveContext,
): boolean {
  const target = resolve(transformsDir, module);
  const verdict = checkContained(transformsDir, target);
  if (verdict.ok) return true;
  ctx.issues.error(
    source,
    path,
    verdict.reason === "outside"
      ? `"${module}" resolves to ${target}, outside hooks.transformsDir (${transformsDir}); put the module in that folder and name it relative to it`
      : `"${module}" leads through a symbolic link to ${verdict.real}, outside hooks.transformsDir (${transformsDir}); copy the module into that folder instead of linking it`,
  );
  return false;
}
