// Issues: failures counted into the open issue of their path, opened once, closed by a later success.
import { describe, expect, it } from "vitest";
import type { IssueFailure } from "../../../src/store/types.js";
import type { ContractContext } from "./fixtures.js";

const failure = (over: Partial<IssueFailure> = {}): IssueFailure => ({
  kind: "run",
  subject: "agent:main",
  code: "RUN_FAILED",
  count: 1,
  firstAt: 1000,
  lastAt: 1000,
  runId: "run-1",
  message: "runner command exited with status 1",
  ...over,
});

export function issuesContract({ name, openStore }: ContractContext): void {
  describe(`${name}: issues`, () => {
    it("opens an issue at the first failure and counts the next ones into it", async () => {
      const store = await openStore();
      const first = await store.recordIssues([failure({ count: 2, lastAt: 1500 })], []);
      expect(first.opened).toHaveLength(1);
      expect(first.opened[0]).toMatchObject({
        kind: "run",
        subject: "agent:main",
        code: "RUN_FAILED",
        count: 2,
        firstSeen: 1000,
        lastSeen: 1500,
        exampleRunId: "run-1",
      });
      expect(first.opened[0]).not.toHaveProperty("closedAt");
      const again = await store.recordIssues([failure({ firstAt: 2000, lastAt: 2000, runId: "run-2" })], []);
      expect(again).toEqual({ opened: [], closed: [] });
      const [issue] = await store.listIssues({ limit: 10, status: "open" });
      expect(issue).toMatchObject({ count: 3, firstSeen: 1000, lastSeen: 2000, exampleRunId: "run-2" });
      expect(await store.getIssue(issue!.id)).toEqual(issue);
      expect(await store.getIssue(issue!.id + 1000)).toBeNull();
    });

    it("another code, path or address is another issue", async () => {
      const store = await openStore();
      const { opened } = await store.recordIssues(
        [
          failure(),
          failure({ code: "RUN_TIMED_OUT" }),
          failure({ subject: "agent:triage" }),
          failure({
            kind: "verification",
            subject: "hook:github",
            code: "SIGNATURE_INVALID",
            address: "192.0.2.1",
          }),
          failure({
            kind: "verification",
            subject: "hook:github",
            code: "SIGNATURE_INVALID",
            address: "192.0.2.2",
          }),
        ],
        [],
      );
      expect(opened).toHaveLength(5);
      expect((await store.listIssues({ limit: 10 })).map((i) => i.id)).toEqual(
        opened.map((i) => i.id).reverse(),
      );
    });

    it("a success after the last failure closes the path's issues; one before it does not", async () => {
      const store = await openStore();
      await store.recordIssues([failure({ lastAt: 3000 }), failure({ subject: "agent:other" })], []);
      const early = await store.recordIssues([], [{ subject: "agent:main", at: 2000 }]);
      expect(early.closed).toEqual([]);
      const { closed } = await store.recordIssues([], [{ subject: "agent:main", at: 3000 }]);
      expect(closed.map((i) => [i.subject, i.closedAt])).toEqual([["agent:main", 3000]]);
      expect((await store.listIssues({ limit: 10, status: "open" })).map((i) => i.subject)).toEqual([
        "agent:other",
      ]);
      expect((await store.listIssues({ limit: 10, status: "closed" })).map((i) => i.subject)).toEqual([
        "agent:main",
      ]);
      // The next failure opens a new issue, counted from one.
      const { opened } = await store.recordIssues([failure({ firstAt: 4000, lastAt: 4000 })], []);
      expect(opened[0]).toMatchObject({ count: 1, firstSeen: 4000 });
      expect(opened[0]!.id).not.toBe(closed[0]!.id);
    });

    it("a verified success closes its own address's issue and the others' (*), never another address's", async () => {
      const store = await openStore();
      const v = (address: string) =>
        failure({ kind: "verification", subject: "hook:github", code: "SIGNATURE_INVALID", address });
      await store.recordIssues([v("192.0.2.1"), v("192.0.2.2"), v("*")], []);
      // A request with the token proves nothing about a sender's secret.
      expect((await store.recordIssues([], [{ subject: "hook:github", at: 5000 }])).closed).toEqual([]);
      const { closed } = await store.recordIssues(
        [],
        [{ subject: "hook:github", address: "192.0.2.1", at: 5000 }],
      );
      expect(closed.map((i) => i.address).sort()).toEqual(["*", "192.0.2.1"]);
      expect((await store.listIssues({ limit: 10, status: "open" })).map((i) => i.address)).toEqual([
        "192.0.2.2",
      ]);
    });

    it("retention prunes closed issues by age, never open ones", async () => {
      const store = await openStore();
      await store.recordIssues([failure({ lastAt: 100 }), failure({ subject: "agent:x", lastAt: 100 })], []);
      await store.recordIssues([], [{ subject: "agent:main", at: 200 }]);
      const result = await store.prune({ before: 1000, keep: 1_000_000, batch: 1000 });
      expect(result.deleted.issues).toBe(1);
      expect((await store.listIssues({ limit: 10 })).map((i) => i.subject)).toEqual(["agent:x"]);
    });
  });
}
