/**
 * Tables looked up by a value from a request (a form's intent, a query's `done`): only a
 * table's own entries count. A plain `table[key]` or `key in table` also finds what every
 * object inherits, so "__proto__", "constructor" or "toString" would name a function or
 * Object.prototype and fail far from here; through these they are simply unknown.
 */

/** The table's own entry for `key`, or undefined. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether `key` is one of the table's own keys. */
export function isOwnKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}
