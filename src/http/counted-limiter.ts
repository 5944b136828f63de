// An auth-failure limiter whose failures and lockouts are counted in the metrics, by surface.
import { metrics } from "../core/metrics.js";
import type { AuthFailureLimiter } from "./auth-limiter.js";

export function countedLimiter(
  limiter: AuthFailureLimiter,
  surface: "hooks" | "console",
): AuthFailureLimiter {
  return {
    check: (key) => limiter.check(key),
    succeed: (key) => limiter.succeed(key),
    // A reload's new limits reach the wrapped limiter when it takes them.
    ...(limiter.setLimits && { setLimits: (opts) => limiter.setLimits!(opts) }),
    async fail(key) {
      const before = await limiter.check(key);
      const after = await limiter.fail(key);
      metrics.authFailures.inc({ surface });
      if (after.locked && !before.locked) metrics.lockouts.inc({ surface });
      return after;
    },
    async failUnlessLocked(key) {
      const verdict = await limiter.failUnlessLocked(key);
      if (!verdict.wasLocked) {
        metrics.authFailures.inc({ surface });
        if (verdict.locked) metrics.lockouts.inc({ surface });
      }
      return verdict;
    },
  };
}
