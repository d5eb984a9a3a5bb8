// Compiling a directory of configs into the catalogue that `loadCatalogue` reads at a cold start
// instead of parsing the YAML and building the index.
import { loadConfigDir } from "../config/load.ts";
import { directoryUrl } from "../config/files.ts";
import { ToolIndex } from "../index/tool_index.ts";
import { CATALOGUE_FILE, catalogueText } from "./compiled.ts";
import { packIndex } from "./_packed_index.ts";

/**
 * Writes the compiled catalogue of `dir` (a path or a `file:` URL) into it, the configs read
 * strictly: an unknown key fails the compilation rather than being left out of it.
 *
 * @throws {ConfigError} When a config of the directory is not valid.
 */
export async function compileCatalogue(
  dir: string | URL,
): Promise<{ file: URL; configs: number }> {
  const folder = directoryUrl(dir);
  const configs = await loadConfigDir(folder, { strict: true });
  const index = packIndex(ToolIndex.fromConfigs(configs));
  const file = new URL(CATALOGUE_FILE, folder);
  await Deno.writeTextFile(file, await catalogueText(folder, configs, index));
  return { file, configs: configs.length };
}
