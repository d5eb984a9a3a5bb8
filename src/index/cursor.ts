// Page cursors: an offset into the results, signed with the content hash of what is searched and
// the search parameters, so that a cursor is taken only by the search it was issued for.
import { InvalidCursorError } from "../errors.ts";
import { Hash64 } from "../_hash.ts";

/** The cursor of the page at `offset` of the search `key` on the content of `contentHash`. */
export function signCursor(contentHash: string, key: string, offset: number): string {
  return `${offset.toString(36)}.${
    new Hash64().update(contentHash).update(key).update(String(offset)).digest()
  }`;
}

/**
 * The offset of `cursor`, when it was issued for the search `key` on the content of
 * `contentHash`.
 *
 * @throws {InvalidCursorError} When it was not.
 */
export function readCursor(cursor: string, contentHash: string, key: string): number {
  const match = /^([0-9a-z]{1,10})\.([0-9a-f]{16})$/.exec(cursor);
  if (match !== null) {
    const offset = parseInt(match[1], 36);
    if (signCursor(contentHash, key, offset) === cursor) return offset;
  }
  throw new InvalidCursorError(
    "The cursor was not issued for these search parameters by this version of the index",
  );
}

/**
 * A cursor that also carries the first 8 digits of `contentHash`, so that a cursor of an earlier
 * content is told apart from one that is foreign or tampered with.
 */
export function signTaggedCursor(contentHash: string, key: string, offset: number): string {
  return `${signCursor(contentHash, key, offset)}.${contentHash.slice(0, 8)}`;
}

/**
 * The offset of a cursor that `signTaggedCursor` issued for the search `key` on the content of
 * `contentHash`.
 *
 * @throws {InvalidCursorError} When it was not; its message says so when the content changed.
 */
export function readTaggedCursor(cursor: string, contentHash: string, key: string): number {
  const dot = cursor.lastIndexOf(".");
  const tag = cursor.slice(dot + 1);
  if (dot !== -1 && /^[0-9a-f]{8}$/.test(tag) && tag !== contentHash.slice(0, 8)) {
    throw new InvalidCursorError(
      "The catalogue changed since this cursor was issued: search again from the first page",
    );
  }
  return readCursor(dot === -1 ? cursor : cursor.slice(0, dot), contentHash, key);
}
