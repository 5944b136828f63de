// Console logins: the hook token buys a session, kept in this process's memory (a restart logs every
// browser out), named by a random id in an HttpOnly, SameSite=Strict cookie scoped to /console, and
// Secure when the request came over https (also behind a TLS proxy: secure-cookie.ts). Each session
// has its own CSRF token that every form posts back, and belongs to the token it was opened with: a
// reload that rotates the token ends them all.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

const COOKIE = "hookgate_console";
/** Sessions held at most; the oldest goes first. */
const MAX_SESSIONS = 1000;

export interface ConsoleSession {
  id: string;
  csrf: string;
  expiresAt: number;
  /** Digest of the hook token the session was opened with. */
  token: string;
}

export class ConsoleSessions {
  private readonly sessions = new Map<string, ConsoleSession>();
  /** The last token digested, and its digest (a token changes only on a reload). */
  private last: { token: string; digest: string } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A session for a login with `token`, the hook token now. */
  create(token: string): ConsoleSession {
    const session = {
      id: randomBytes(32).toString("base64url"),
      csrf: randomBytes(32).toString("base64url"),
      expiresAt: this.now() + this.ttlMs,
      token: this.digest(token),
    };
    this.sessions.set(session.id, session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return session;
  }

  /** The live session the request's cookie names, if any, opened with `token` (the hook token now). */
  of(req: FastifyRequest, token: string): ConsoleSession | undefined {
    const id = cookieValue(req.headers.cookie, COOKIE);
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.now() || session.token !== this.digest(token)) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  private digest(token: string): string {
    if (this.last?.token !== token) {
      this.last = { token, digest: createHash("sha256").update(token).digest("base64url") };
    }
    return this.last.digest;
  }

  end(session: ConsoleSession): void {
    this.sessions.delete(session.id);
  }

  cookie(session: ConsoleSession | null, secure: boolean): string {
    const value = session ? session.id : "";
    const age = session ? Math.floor(this.ttlMs / 1000) : 0;
    return `${COOKIE}=${value}; Path=/console; HttpOnly; SameSite=Strict; Max-Age=${age}${secure ? "; Secure" : ""}`;
  }
}

/** Whether a posted CSRF token is the session's (constant time). */
export function csrfMatches(session: ConsoleSession, posted: string | null): boolean {
  if (posted === null) return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(posted);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
