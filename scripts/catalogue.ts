// `deno task catalogue [dir]`: compiles a config directory (default: the bundled configs/) into
// the catalogue the service reads at cold start instead of parsing YAML and building the index.
import { BUNDLED_CONFIGS } from "../src/config/files.ts";
import { compileCatalogue } from "../src/catalogue/compile.ts";

const { file, configs } = await compileCatalogue(Deno.args[0] ?? BUNDLED_CONFIGS);
console.log(`Wrote ${file.pathname}: ${configs} configs`);
