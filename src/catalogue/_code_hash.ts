// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "6f6f3f0467f48525df0a311083bfd106fec6db293a67481074d0663c7d4689a3";
