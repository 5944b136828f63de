// A render's WorkBudget travels in its @data under one private name: Handlebars copies @data into
// every block's frame, so each helper finds the budget of the render it runs in, and renders never
// share one. Only `{{#each}}` repeats template code, so it is the one block that charges iterations.
import { WorkBudget } from "./budget.js";

/** @data name of the budget; template paths naming it are rewritten to nothing (see template.ts). */
export const BUDGET_KEY = "hookgateBudget";

/** A fresh budget for rendering one mapping's templates for one request. */
export function templateBudget(): WorkBudget {
  return new WorkBudget("TEMPLATE_BUDGET_EXCEEDED", "templates");
}

/** The budget of the render a helper runs in, from the options Handlebars passes last. */
export function budgetOf(options: unknown): WorkBudget | undefined {
  const data = (options as { data?: Record<string, unknown> } | null | undefined)?.data;
  const budget = data?.[BUDGET_KEY];
  return budget instanceof WorkBudget ? budget : undefined;
}

/** Charges a helper's text result to the render's budget and returns it. */
export function charged(options: unknown, text: string): string {
  budgetOf(options)?.produce(text.length);
  return text;
}

type BlockFn = (context: unknown, options?: unknown) => string;
type Each = (this: unknown, context: unknown, options: unknown) => unknown;

/**
 * Wraps the built-in `each`: all items are charged before the loop starts (nested loops over a long
 * list stop at the first inner loop that does not fit), and each iteration's output is charged as
 * it is made, less what the helpers inside already charged, so output is counted once.
 */
export function budgetedEach(builtIn: Each): Each {
  return function (this: unknown, context: unknown, options: unknown) {
    const budget = budgetOf(options);
    if (!budget || context === null || typeof context !== "object")
      return builtIn.call(this, context, options);
    budget.iterate(Array.isArray(context) ? context.length : Object.keys(context).length);
    const opts = options as { fn: BlockFn };
    const body = opts.fn;
    const fn: BlockFn = (item, frame) => {
      const before = budget.size;
      const out = body(item, frame);
      const uncharged = out.length - (budget.size - before);
      if (uncharged > 0) budget.produce(uncharged);
      return out;
    };
    return builtIn.call(this, context, { ...opts, fn });
  };
}
