// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "6adbb969bde60f7744867a6b0b0095a0fb068c8fafbb6e04eade5f8e30fd0d6b";
