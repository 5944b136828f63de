// OrderedTable against an array of [key, value] pairs kept in push order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OrderedTable } from "../../src/http/ordered-table.js";

describe("ordered table", () => {
  it("keeps entries in the order they were last pushed", () => {
    const op = fc.record({
      kind: fc.constantFrom("push", "push", "delete", "dropOldest"),
      key: fc.nat({ max: 7 }).map(String),
      value: fc.integer(),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60, size: "max" }), (ops) => {
        const table = new OrderedTable<number>();
        let model: [string, number][] = [];
        for (const { kind, key, value } of ops) {
          if (kind === "push") {
            table.push(key, value);
            model = [...model.filter(([k]) => k !== key), [key, value]];
          } else if (kind === "delete") {
            table.delete(key);
            model = model.filter(([k]) => k !== key);
          } else {
            const oldest = table.oldest();
            if (oldest) table.delete(oldest.key);
            model = model.slice(1);
          }
          expect(table.size).toBe(model.length);
          const first = table.oldest();
          expect(first && [first.key, first.value]).toEqual(model[0]);
          for (let k = 0; k < 8; k++)
            expect(table.get(String(k))).toBe(model.find(([m]) => m === String(k))?.[1]);
        }
        // Draining from the oldest end gives back the whole order.
        const drained: [string, number][] = [];
        for (let e = table.oldest(); e; e = table.oldest()) {
          drained.push([e.key, e.value]);
          table.delete(e.key);
        }
        expect(drained).toEqual(model);
      }),
      { seed: 7_031, numRuns: 200 },
    );
  });
});
