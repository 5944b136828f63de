// A weak hook token is a warning: short, or the same value as another secret of the file. One that
// guessing at the lockout's pace would find is an error: the lockout slows guessing, it cannot make a
// small set of possible tokens large.
import type { ResolveContext } from "../resolve/context.js";
import { formatKeyPath, type PathSegment } from "../source/key-path.js";
import type { ResolvedConfig } from "../types.js";

const minTokenLength = 24;
const secretKeys = new Set(["apiKey", "botToken", "token", "password", "accessToken"]);

/** Addresses an attacker is assumed to guess from at once, at most (hooks.authFailures.maxTrackedAddresses). */
const ATTACK_ADDRESSES = 10_000;
/** The token must hold out this long against guessing at the lockout's pace, with a 1 in 100 chance. */
const HOLD_OUT_SECONDS = 365 * 24 * 3600;
const HOLD_OUT_ODDS = 100;

/**
 * Bits a token of this length and these kinds of characters can hold at most (digits, lower case,
 * upper case, others): what a guesser who knows its shape must search.
 */
function tokenBits(token: string): number {
  const kinds = [/[0-9]/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/];
  const sizes = [10, 26, 26, 33];
  const alphabet = kinds.reduce((n, re, i) => (re.test(token) ? n + sizes[i]! : n), 0);
  return token.length * Math.log2(Math.max(alphabet, 2));
}

/** Bits a token needs to hold out a year against guessing at the lockout's pace, from many addresses. */
function neededTokenBits(limits: ResolvedConfig["hooks"]["authFailures"]): number {
  const addresses = Math.min(limits.maxTrackedAddresses, ATTACK_ADDRESSES);
  // Each address gets `max` guesses, then waits out the lock.
  const perSecond = (addresses * limits.max) / limits.lockSeconds;
  return Math.log2(perSecond * HOLD_OUT_SECONDS * HOLD_OUT_ODDS);
}

export function checkHookToken(
  raw: unknown,
  token: string,
  ctx: ResolveContext,
  limits?: ResolvedConfig["hooks"]["authFailures"],
): void {
  if (token.trim() === "") return;
  const path = ["hooks", "token"];
  const bits = tokenBits(token);
  const needed = limits ? neededTokenBits(limits) : 0;
  if (bits < needed) {
    ctx.issues.error(
      ctx.source,
      path,
      `token too easy to guess: ${token.length} character${token.length === 1 ? "" : "s"} hold about ${Math.floor(bits)} bits, and at the lockout's pace (hooks.authFailures: ${limits!.max} failures, then ${limits!.lockSeconds} s locked, from many addresses) ${Math.ceil(needed)} are needed to hold out a year; use at least ${minTokenLength} random characters (for example: openssl rand -base64 32)`,
    );
  } else if (token.length < minTokenLength) {
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
