// The bytes of request bodies being read without the hook token, server-wide. Such a body is read
// before its signature says who sent it, up to its path's maxBodyBytes, so strangers sending many
// large bodies at once could fill the process's memory. Each such request holds what it has read
// (its declared length at once) against one budget, hooks.unauthenticatedBodyBytes; a request that
// would pass it is refused with 503 and Retry-After (the server's condition, not the sender's
// mistake: providers retry a 503). One request alone is always let in, so a body limit above the
// budget still works. Requests with the token never count.
import { metrics } from "../core/metrics.js";

/** One request's share of the budget; released once, when its body is verified or refused. */
export interface BodyReservation {
  /** Holds `total` bytes in all; false when that would pass the budget (nothing more is held). */
  grow(total: number): boolean;
  release(): void;
}

export class UnauthenticatedBodies {
  #capacity: number;
  #inUse = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Bytes held now by requests without the token. */
  get inUse(): number {
    return this.#inUse;
  }

  /** A reload's new budget; requests already reading keep what they hold. */
  setCapacity(capacity: number): void {
    this.#capacity = capacity;
  }

  /** An empty reservation for one request: it holds nothing until it grows. */
  open(): BodyReservation {
    let held = 0;
    let released = false;
    return {
      grow: (total) => {
        if (released) return false;
        const extra = total - held;
        if (extra <= 0) return true;
        const alone = this.#inUse === held;
        if (!alone && this.#inUse + extra > this.#capacity) return false;
        this.#inUse += extra;
        held = total;
        metrics.unauthenticatedBodyBytes.inc(extra);
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.#inUse -= held;
        metrics.unauthenticatedBodyBytes.dec(held);
        held = 0;
      },
    };
  }
}
