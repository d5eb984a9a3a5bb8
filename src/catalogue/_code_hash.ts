// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "1e761fc06d265e198fdd8efe6e098548f7de5b2d752c2b41e0dc14d1dc868bb3";
