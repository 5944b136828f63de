// Per-request work limits for templates and `when`. A rule's templates and expressions are compiled
// once, but how much work one render or evaluation does depends on the payload: nested `{{#each}}`
// over a long list, or a `reduce` that doubles an array with `merge`, grows far faster than the body.
// Per request, each `when` evaluated gets a WorkBudget, and the matched mapping's templates share one;
// running past it stops the work at once with a BudgetExceededError naming the limit.
//
// Status: the sender's payload is what pushes a rule past its budget, and the same payload always
// will, so the answer is 422 (the request is well formed but this mapping cannot process it), never
// a 5xx that invites the sender to retry the same expensive request. Nothing is stored.

/** How much one request may make a mapping's templates (or one `when`) do. */
export interface BudgetLimits {
  /** Loop iterations: `{{#each}}` items, or items fed to map / filter / reduce / all / some / none. */
  readonly iterations: number;
  /**
   * Size of what is produced: characters of rendered output and helper results (templates), or
   * array elements and string characters built or converted to text (`when`).
   */
  readonly size: number;
}

/**
 * A body of hooks.maxBodyBytes' default (256 KiB) holds at most about 131,000 list items and 256 Ki
 * characters: rules may loop over every item of it three times over and copy it 32 times (an agent
 * message is at most 1 MiB) before reaching these, and reaching them takes a fraction of a second.
 */
export const BUDGET_LIMITS: BudgetLimits = { iterations: 500_000, size: 8 * 1024 * 1024 };

export type BudgetCode = "TEMPLATE_BUDGET_EXCEEDED" | "WHEN_BUDGET_EXCEEDED";

export class BudgetExceededError extends Error {
  constructor(
    readonly code: BudgetCode,
    message: string,
  ) {
    super(message);
    this.name = "BudgetExceededError";
  }
}

const number = (n: number): string => n.toLocaleString("en");

/** Counters for one render or evaluation; fields are private so a template can never show or change them. */
export class WorkBudget {
  #iterations = 0;
  #size = 0;
  #limits: BudgetLimits;

  constructor(
    private readonly code: BudgetCode,
    /** Names the work in messages: "templates" or "match.when". */
    private readonly what: string,
    limits: BudgetLimits = BUDGET_LIMITS,
  ) {
    this.#limits = limits;
  }

  /** Starts over with nothing charged (lets a hot path reuse one budget instead of allocating). */
  restart(limits: BudgetLimits): void {
    this.#iterations = 0;
    this.#size = 0;
    this.#limits = limits;
  }

  /** Size charged so far (lets a block subtract what its body already charged). */
  get size(): number {
    return this.#size;
  }

  /** Size still allowed before the budget is exceeded. */
  get sizeLeft(): number {
    return this.#limits.size - this.#size;
  }

  /** Charges `n` loop iterations; throws before the loop runs when they do not fit. */
  iterate(n: number): void {
    this.#iterations += n;
    if (this.#iterations > this.#limits.iterations) {
      throw new BudgetExceededError(
        this.code,
        `${this.what} went over the per-request budget of ${number(this.#limits.iterations)} loop iterations on this payload`,
      );
    }
  }

  /** Charges `n` characters or elements produced. */
  produce(n: number): void {
    this.#size += n;
    if (this.#size > this.#limits.size) {
      throw new BudgetExceededError(
        this.code,
        `${this.what} went over the per-request budget of ${number(this.#limits.size)} characters and elements built on this payload`,
      );
    }
  }
}
