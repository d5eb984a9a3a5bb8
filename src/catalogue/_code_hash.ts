// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "421a411a6a9eca91a47dac2930f304fdb8dfe5210d2a1c9bba779671eea75888";
