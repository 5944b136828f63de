// One spelling per hook name, for match.path at load and the request path per request.

const EDGES = /^[\s/]+|[\s/]+$/g;
const REPEATED = /\/{2,}/g;

/** Trims spaces and slashes at both ends and collapses repeated slashes: ` /ci//build/ ` → `ci/build`. */
export function normaliseHookPath(path: string): string {
  // Fast path: request paths usually arrive normalised already.
  const first = path.charCodeAt(0);
  const last = path.charCodeAt(path.length - 1);
  const clean = first !== 47 && first !== 32 && last !== 47 && last !== 32 && !path.includes("//");
  if (clean && !/^\s|\s$/.test(path)) return path;
  return path.replace(EDGES, "").replace(REPEATED, "/");
}
