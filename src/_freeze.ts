/**
 * Freezes a value and everything it holds. Objects that are already frozen are taken as
 * frozen through, which lets values shared by many entries be frozen once.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) deepFreeze(record[key]);
  }
  return Object.freeze(value);
}
