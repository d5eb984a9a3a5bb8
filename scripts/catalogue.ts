// `deno task catalogue [dir]`: compiles a directory of sources (default: the bundled configs/)
// into the catalogue the service reads at cold start instead of parsing files and building the
// search.
import { BUNDLED_CONFIGS } from "../src/config/files.ts";
import { compileCatalogue } from "../src/catalogue/compile.ts";

const { file, sources } = await compileCatalogue(Deno.args[0] ?? BUNDLED_CONFIGS);
console.log(`Wrote ${file.pathname}: ${sources} sources`);
