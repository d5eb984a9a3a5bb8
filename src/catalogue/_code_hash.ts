// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "ee2313cb1fec6b05c35a5a0db1b755f726d53cf377c2add89cbaa1dd0566b156";
