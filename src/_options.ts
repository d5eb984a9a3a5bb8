// The options of the public functions, checked where they come in: a caller from JavaScript may
// pass anything, and the contract promises a typed error, never a TypeError from deep inside.
import type { ConfigIssue } from "./errors.ts";
import { describeValue } from "./_json_value.ts";

/** Options shared by every function that validates a model. */
export interface ValidateOptions {
  /** Names the input in messages, such as a file name. */
  source?: string;
  /** Report keys the format does not know as issues instead of warnings. */
  strict?: boolean;
  /**
   * Receives each warning (an unknown key when not `strict`; for a config, a tool argument's
   * enum when it is not of type string, or its default of another type) as a formatted message
   * and as the issue behind it, even when the input is not valid. Default: `console.warn`.
   */
  onWarning?: (message: string, issue: ConfigIssue) => void;
}

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

/**
 * `options` checked where they come in: an object (none is no options) whose `onWarning`, when
 * given, is a function. Every validating function calls it, whether or not its input has
 * anything to warn about.
 *
 * @throws {RangeError} When they are not.
 */
export function validateOptions(options: ValidateOptions | null | undefined): ValidateOptions {
  const checked = optionsObject(options);
  optionalFunction(checked.onWarning, "onWarning");
  return checked;
}
