// The options of the public functions, checked where they come in: a caller from JavaScript may
// pass anything, and the contract promises a typed error, never a TypeError from deep inside.
import { describeValue } from "./_json_value.ts";

/**
 * `options` as an object; none (undefined or null) is no options.
 *
 * @throws {RangeError} When `options` is something else, such as a string or a number.
 */
export function optionsObject<T extends object>(options: T | null | undefined): T | Partial<T> {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") {
    throw new RangeError(`The options must be an object, got ${describeValue(options)}`);
  }
  return options;
}

/**
 * `value`, the option `name`, when it is a function or absent.
 *
 * @throws {RangeError} When it is anything else.
 */
export function optionalFunction<F extends (...args: never[]) => unknown>(
  value: F | undefined,
  name: string,
): F | undefined {
  if (value === undefined || typeof value === "function") return value;
  throw new RangeError(`The option ${name} must be a function, got ${describeValue(value)}`);
}
