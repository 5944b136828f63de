// The budget of the `when` evaluation in progress. Operators of a compiled expression have no channel
// to their evaluation (inside an iterator their context is the item), so the budget sits in one
// module slot, set and restored around each evaluation. That is safe because an evaluation is one
// synchronous call: no other evaluation, and no async code, can run while it is in progress.
import { BUDGET_LIMITS, type BudgetLimits, WorkBudget } from "./budget.js";

let current: WorkBudget | undefined;
// Evaluations do not nest, so one budget restarted per evaluation spares an allocation each time.
const reused = new WorkBudget("WHEN_BUDGET_EXCEEDED", "match.when");

/** Runs `fn(context)` with a fresh budget for its operators to charge. */
export function withWhenBudget<C, R>(
  fn: (context: C) => R,
  context: C,
  limits: BudgetLimits = BUDGET_LIMITS,
): R {
  const outer = current;
  const budget = outer === undefined ? reused : new WorkBudget("WHEN_BUDGET_EXCEEDED", "match.when");
  budget.restart(limits);
  current = budget;
  try {
    return fn(context);
  } finally {
    current = outer;
  }
}

/** Charges the items an iterator is about to walk. */
export function chargeIterations(n: number): void {
  current?.iterate(n);
}

/** Charges `n` elements or characters about to be built. */
export function chargeSize(n: number): void {
  current?.produce(n);
}

/**
 * Charges converting a value to a primitive (`==` or `+` on an array joins it into text, which reads
 * every element) and returns the value. Only arrays cost more than a constant: a plain object
 * converts to "[object Object]" without being read.
 */
export function coerced<T>(value: T): T {
  if (current !== undefined && Array.isArray(value)) current.produce(textSize(value, current.sizeLeft + 1));
  return value;
}

/** Elements plus string characters of an array, nested arrays included; stops counting past `limit`. */
function textSize(root: readonly unknown[], limit: number): number {
  let size = 0;
  const stack: (readonly unknown[])[] = [root];
  while (stack.length > 0) {
    const list = stack.pop()!;
    size += list.length;
    for (let i = 0; i < list.length && size <= limit; i++) {
      const item = list[i];
      if (typeof item === "string") size += item.length;
      else if (Array.isArray(item)) stack.push(item);
    }
    if (size > limit) break;
  }
  return size;
}
