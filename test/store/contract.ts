// The behaviour every Store implementation must show, run against each one (SQLite in
// test/unit/store-sqlite.test.ts, PostgreSQL in test/store/postgres.test.ts). Only the Store
// interface is used; each concern is a file of contract/, and contract/fixtures.ts has the records.
import { afterEach } from "vitest";
import type { Store } from "../../src/store/types.js";
import { acceptsContract } from "./contract/accepts.js";
import type { ContractOptions, StoreFactory } from "./contract/fixtures.js";
import { flowContract } from "./contract/flow.js";
import { flowBudgetContract } from "./contract/flow-budget.js";
import { flowRateContract } from "./contract/flow-rate.js";
import { issuesContract } from "./contract/issues.js";
import { lanesContract } from "./contract/lanes.js";
import { pausesContract } from "./contract/pauses.js";
import { requestLogContract } from "./contract/request-log.js";
import { runCallbacksContract } from "./contract/run-callbacks.js";
import { runsContract } from "./contract/runs.js";
import { sessionsContract } from "./contract/sessions.js";

export function storeContract(name: string, factory: StoreFactory, options: ContractOptions = {}): void {
  const crash = options.crash ?? (async () => {});
  const open: Store[] = [];
  const openStore = async (opts?: { now?: () => number }): Promise<Store> => {
    const store = await factory(opts);
    open.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });
  const context = { name, openStore, crash };
  acceptsContract(context);
  runsContract(context);
  sessionsContract(context);
  requestLogContract(context);
  flowContract(context);
  lanesContract(context);
  flowRateContract(context);
  flowBudgetContract(context);
  issuesContract(context);
  pausesContract(context);
  runCallbacksContract(context);
}
