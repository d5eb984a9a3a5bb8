// Reading plain data that may not be a valid config, for checks that report what they can
// whatever else is wrong: a field of something that is not an object is simply absent.

/** The own value of `key` in `value` when that is a mapping, else `undefined`. */
export function fieldOf(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** `value` when it is a list, else no items. */
export function itemsOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
