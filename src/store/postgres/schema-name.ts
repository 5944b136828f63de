// PostgreSQL schema names as store.schema allows them. They become part of SQL text and of the NOTIFY
// channel's name, so nothing else gets through (kept apart from the driver: the read-only commands
// check a name before knowing whether they need PostgreSQL at all).

/** A schema name as store.schema allows it: lower-case letters, digits and _, at most 48 characters. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

export function checkSchemaName(name: string, what: string): void {
  if (!SCHEMA_NAME.test(name)) {
    throw new Error(
      `${what} must be lower-case letters, digits and _ (at most 48, not starting with a digit), got "${name}"`,
    );
  }
}
