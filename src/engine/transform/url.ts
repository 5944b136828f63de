// ctx.url as OpenClaw hands it to transforms: the request's URL, here sent into the sandbox in parts
// (prelude.ts builds the URL-like object from them). Built from the request target and the Host
// header only when a transform runs; a token parameter is never in it (such requests are refused
// before the rules, and any left would be removed here all the same).
import type { HookRequest } from "../types.js";
import type { TransformUrl } from "./types.js";

const TOKEN_PARAM = /^token(\[[^\]]*\])*$/i;

export function transformUrl(req: Pick<HookRequest, "path" | "query" | "headers" | "target">): TransformUrl {
  const url = new URL(`http://${hostOf(req.headers["host"])}`);
  const target = req.target ?? `/${req.path}${queryText(req.query)}`;
  const q = target.indexOf("?");
  url.pathname = q >= 0 ? target.slice(0, q) : target;
  url.search = q >= 0 ? target.slice(q) : "";
  for (const name of [...url.searchParams.keys()]) {
    if (TOKEN_PARAM.test(name.trim())) url.searchParams.delete(name);
  }
  return {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    params: [...url.searchParams],
  };
}

/** The Host header when it is a plain host[:port], else localhost. */
function hostOf(header: string | undefined): string {
  if (header === undefined || !/^[A-Za-z0-9.\-[\]:]{1,255}$/.test(header)) return "localhost";
  try {
    return new URL(`http://${header}`).host;
  } catch {
    return "localhost";
  }
}

function queryText(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text === "" ? "" : `?${text}`;
}
