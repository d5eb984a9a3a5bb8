// `deno task catalogue [dir]`: compiles a config directory (default: the bundled configs/) into
// the catalogue the service reads at cold start instead of parsing YAML and building the index.
import { loadConfigDir, ToolIndex } from "../mod.ts";
import { CATALOGUE_FILE, catalogueText } from "../src/_catalogue.ts";
import { packIndex } from "../src/_packed_index.ts";
import { directoryUrl } from "../src/_paths.ts";

const dir = directoryUrl(Deno.args[0] ?? new URL("../configs/", import.meta.url));
const configs = await loadConfigDir(dir, { strict: true });
const index = packIndex(ToolIndex.fromConfigs(configs));
await Deno.writeTextFile(new URL(CATALOGUE_FILE, dir), await catalogueText(dir, configs, index));
console.log(`Wrote ${new URL(CATALOGUE_FILE, dir).pathname}: ${configs.length} configs`);
