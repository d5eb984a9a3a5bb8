// A term's postings in a ranked index, decoded one by one: each tool with the term, as the gap
// from the previous tool in a little-endian base-128 varint, then the tool's score byte. For the
// searches that read few postings; a ranked query's walk decodes its own inline, for speed.

/** Each tool with term `id`, and its score byte, in tool order. */
export function* postingsOf(
  postings: Uint8Array,
  offsets: Uint32Array,
  id: number,
): Iterable<[number, number]> {
  const end = offsets[id + 1];
  let doc = -1;
  for (let p = offsets[id]; p < end;) {
    let byte = postings[p++];
    let gap = byte & 127;
    for (let shift = 7; byte >= 128; shift += 7) {
      byte = postings[p++];
      gap |= (byte & 127) << shift;
    }
    doc += gap;
    yield [doc, postings[p++]];
  }
}
