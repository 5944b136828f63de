// Whether the console's session cookie is marked Secure. A TLS proxy in front terminates https and
// talks plain HTTP to hookgate, so the socket alone would leave a cookie that a browser also sends
// over plain HTTP. The proxy's X-Forwarded-Proto or Forwarded proto, or server.publicUrl at https
// when the request names its host, count too, believed without server.trustProxy: Secure only
// narrows where the browser sends the cookie, so a client that fakes the header harms only itself.
import type { FastifyRequest } from "fastify";

export function secureCookie(req: FastifyRequest, publicUrl: string | undefined): boolean {
  if (req.protocol === "https") return true;
  const forwardedProto = first(req.headers["x-forwarded-proto"]);
  if (forwardedProto?.trim().toLowerCase() === "https") return true;
  const forwarded = first(req.headers.forwarded);
  if (forwarded && /(?:^|[;,\s])proto\s*=\s*"?https"?(?:$|[;,\s])/i.test(forwarded.split(",")[0]!))
    return true;
  if (publicUrl === undefined) return false;
  const url = new URL(publicUrl);
  return url.protocol === "https:" && first(req.headers.host)?.toLowerCase() === url.host.toLowerCase();
}

/** The first value of a header a proxy chain may have repeated or listed. */
function first(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return one?.split(",")[0];
}
