// What both stores' upgrade tests check once the layout keyed by window is migrated: run window `k`
// of mapping `m` (held run `held-1`, items a1 and a2) and wake window `disk` of `w` (d1 to d3) are
// still open, take joins, and end with their messages in order; a window opened after the upgrade
// gets item ids after the upgraded ones and ends on its own.
import { expect } from "vitest";
import type { Store } from "../../../src/store/types.js";
import { run } from "./fixtures.js";

/** `itemsLeft` counts the rows of flow_items, which every window's end has removed at the last. */
export async function expectUpgradedWindowsContinue(store: Store, itemsLeft: () => Promise<number>) {
  expect(await store.getRun("held-1")).toMatchObject({ status: "held", merged: 2 });
  const coalesced = (id: string, key: string, at: number) =>
    run(id, {
      message: id,
      receivedAt: at,
      flow: { scope: "m", coalesce: { key, windowMs: 8000, max: 50, item: id, frame: { separator: " " } } },
    });
  // A join continues the window; a window opened now gets ids after the upgraded ones.
  await store.acceptRuns([coalesced("a3", "k", 2000), coalesced("b1", "other", 2000)]);
  await store.acceptRun(coalesced("a4", "k", 2100));
  expect(await store.getRun("held-1")).toMatchObject({ status: "held", merged: 4 });
  expect(await store.releaseWindows(9000)).toEqual({ runs: 1, wakes: ["now"] });
  expect(await store.getRun("held-1")).toMatchObject({
    status: "queued",
    message: "a1 a2 a3 a4",
    merged: 4,
  });
  expect((await store.pendingEvents()).map((e) => e.text)).toEqual(["d1/d2/d3"]);
  expect(await store.releaseWindows(10_000)).toEqual({ runs: 1, wakes: [] });
  expect(await store.getRun("b1")).toMatchObject({ status: "queued", message: "b1" });
  expect(await itemsLeft()).toBe(0);
}
