// The store contract on PostgreSQL (one schema per test), and what only a shared store does.
import { afterEach, beforeEach, describe } from "vitest";
import { PostgresStore } from "../../src/store/postgres.js";
import { dropSchema, expireLeases, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { storeContract } from "./contract.js";

const available = await pgAvailable();

describe.skipIf(!available)("PostgreSQL store", () => {
  let schema: string;
  beforeEach(() => {
    schema = uniqueSchema("contract");
  });
  afterEach(async () => {
    await dropSchema(schema);
  });

  storeContract(
    "PostgresStore",
    async (opts) => {
      const store = new PostgresStore(pgStoreConfig(schema), opts?.now ? { now: opts.now } : {});
      await store.open();
      return store;
    },
    { crash: () => expireLeases(schema) },
  );
});
