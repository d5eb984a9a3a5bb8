// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "d6227966d4019eed9bf7d6ffa8eda01be38abfb6379948b710d8b24b76f49e8b";
