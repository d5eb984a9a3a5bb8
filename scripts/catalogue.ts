// `deno task catalogue [dir]`: compiles a directory of sources (default: the bundled configs/,
// and then the hash of the code that compiles catalogues, `src/catalogue/_code_hash.ts`, is
// written too) into the catalogue the service reads at cold start instead of parsing files and
// building the search; then stores the vector of each tool for hybrid search beside it
// (`_vectors.json`), so that the service's first hybrid search encodes none of them. Vectors
// already stored for the same text and model are kept, not encoded again.
import { BUNDLED_CONFIGS, directoryUrl } from "../src/config/files.ts";
import { compileCatalogue } from "../src/catalogue/compile.ts";
import { codeHashModule } from "../src/catalogue/compiled.ts";
import { loadCatalogue } from "../src/catalogue/load.ts";
import {
  createHybridSearcher,
  readStoredVectors,
  VECTORS_FILE,
} from "../src/catalogue/hybrid_mode.ts";

// Compiling another directory, as an operator or a test does, leaves the code as it is.
if (Deno.args[0] === undefined) {
  const code = await codeHashModule();
  if (await Deno.readTextFile(code.file).catch(() => "") !== code.text) {
    await Deno.writeTextFile(code.file, code.text);
    console.log(`Wrote ${code.file.pathname}`);
  }
}

const dir = Deno.args[0] ?? BUNDLED_CONFIGS;
const { file, sources } = await compileCatalogue(dir);
console.log(`Wrote ${file.pathname}: ${sources} sources`);

const vectorsFile = new URL(VECTORS_FILE, directoryUrl(dir));
const stored = await readStoredVectors(dir, (message) => console.warn(message));
const { registry } = await loadCatalogue(dir);
const entries = registry.ids().map((id) => registry.getEntry(id)!);
const searcher = await createHybridSearcher(stored);
await searcher.addTools(entries);
const vectors = searcher.storedVectors(entries);
await Deno.writeTextFile(vectorsFile, JSON.stringify(vectors, null, 0) + "\n");
console.log(`Wrote ${vectorsFile.pathname}: ${Object.keys(vectors.tools).length} tools' vectors`);
