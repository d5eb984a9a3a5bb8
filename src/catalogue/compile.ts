// Compiling a directory of sources into the catalogue that `loadCatalogue` reads at a cold start
// instead of parsing the files and building the search.
import { directoryUrl } from "../config/files.ts";
import { CATALOGUE_FILE, catalogueText } from "./compiled.ts";
import { loadCatalogue } from "./load.ts";
import { packIndex } from "./_packed_index.ts";

/**
 * Writes the compiled catalogue of `dir` (a path or a `file:` URL) into it, the sources read
 * strictly: an unknown key fails the compilation rather than being left out of it.
 *
 * @throws {ConfigError} When a source of the directory is not valid, or its tools clash.
 */
export async function compileCatalogue(
  dir: string | URL,
): Promise<{ file: URL; sources: number }> {
  const folder = directoryUrl(dir);
  const file = new URL(CATALOGUE_FILE, folder);
  // A catalogue compiled earlier would be read instead of the files.
  await Deno.remove(file).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
  const { sources, registry, errors } = await loadCatalogue(folder, { strict: true });
  if (errors.length > 0) throw errors[0];
  await Deno.writeTextFile(file, await catalogueText(folder, sources, packIndex(registry)));
  return { file, sources: sources.length };
}
