// What a caught value says, for a log line or a message that wraps it.

/** The message of `error` when it is an `Error`, else the value as text (anything may be thrown). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
