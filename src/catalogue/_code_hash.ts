// Written by `deno task catalogue`: the hash of the code that compiles catalogues
// (`hashCode`), which a start compares a compiled catalogue's with without reading the
// code. A test holds it to the code.
export const CODE_HASH = "da0cfa4e24b06b7636266d588ca86df8a5ca302973eeb50dd22ab6ae4f6e5acc";
