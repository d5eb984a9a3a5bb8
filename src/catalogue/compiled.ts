// A compiled catalogue: the validated sources of a directory (its YAML configs and MCP tool
// lists) as JSON, beside the files they came from, and the search built from them. Parsing YAML
// and building the search are the slowest parts of a cold start, where reading JSON is cheap, so
// the service reads this file when it is current. It records a hash of every source file's name
// and text and one of the code that compiled it, and is used only when both still match. The
// code's own hash is kept beside it (`CODE_HASH`, which a test holds to the code), so that a
// service's start can take a catalogue without reading the code: it hashes the code once it has
// answered, and builds the search and reads the files again unless this code compiled the
// catalogue. Anything else hashes the code first. A stale catalogue is never served but, after
// an edit not yet compiled, for the moments between a service's start and that check.
import type { CLImaxConfig } from "../types.ts";
import { configsOf, type FileSource, isSourceFile } from "./source_kinds.ts";
import { CODE_HASH } from "./_code_hash.ts";

/**
 * The hash of the code that validates configs and builds and ranks the index, as `deno task
 * catalogue` last wrote it (see `hashCode`): what a search's answers depend on beside the content.
 */
export { CODE_HASH };

/** The file name of a compiled catalogue inside a config directory. */
export const CATALOGUE_FILE = "_catalogue.json";

interface CatalogueFile {
  sources: string;
  code: string;
  files: FileSource[];
  index?: unknown;
}

/** What a current catalogue holds: the sources, and the search built from them when it has one. */
export interface CompiledCatalogue {
  files: FileSource[];
  /** The packed search (see `_packed_index.ts`), as JSON gave it. */
  index: unknown;
}

/** The folder `src/`, whose code decides what a catalogue holds. */
const CODE = new URL("../", import.meta.url);

/** The module that holds `CODE_HASH`, relative to `src/`: the one file the code hash leaves out. */
const CODE_HASH_MODULE = "catalogue/_code_hash.ts";

/**
 * Folders of `src/` whose code cannot change a catalogue: the stages after it (the answers, the
 * service, the command line, the local MCP server), running and calling tools, the clients of
 * upstream servers, and hybrid search (its vectors name their model), none of which the code
 * that compiles a catalogue imports (a test holds it to that). Each file left out spares a cold
 * start reading it.
 */
export const NOT_CATALOGUE_CODE: ReadonlySet<string> = new Set([
  "answer",
  "http",
  "cli",
  "mcp_stdio",
  "run",
  "call",
  "upstream",
  "hybrid",
]);

/** SHA-256 of `parts`, each after its length, so that no two different lists hash alike. */
async function hashParts(parts: readonly Uint8Array[]): Promise<string> {
  const framed = new Uint8Array(parts.reduce((sum, part) => sum + 4 + part.length, 0));
  const view = new DataView(framed.buffer);
  let at = 0;
  for (const part of parts) {
    view.setUint32(at, part.length);
    framed.set(part, at + 4);
    at += 4 + part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", framed));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The paths, relative to `dir` (a path ending in its separator), of the TypeScript files under
 * it, sorted. Read synchronously, as `namedTexts` reads: at a cold start nothing is served until
 * the hash is made, and async calls' overhead would only delay it.
 */
function codeFiles(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync(`${dir}${prefix}`)) {
    if (entry.isDirectory && !NOT_CATALOGUE_CODE.has(entry.name)) {
      found.push(...codeFiles(dir, `${prefix}${entry.name}/`));
    } else if (entry.isFile && entry.name.endsWith(".ts")) {
      const path = `${prefix}${entry.name}`;
      if (path !== CODE_HASH_MODULE) found.push(path);
    }
  }
  return found.sort();
}

/**
 * A SHA-256 of the code that validates configs and builds indexes (every module of `src/` but
 * those of `NOT_CATALOGUE_CODE`, and the one that holds `CODE_HASH`) and of the packages it
 * imports, as `deno.json` pins them. A catalogue compiled by other code may hold other defaults
 * or another index layout. `src` is the folder of that code, `src/` of this package unless a
 * test says otherwise.
 */
export async function hashCode(src: URL = CODE): Promise<string> {
  const dir = folderPath(src);
  const files = namedTexts(codeFiles(dir), (name) => `${dir}${name}`);
  const config = Deno.readTextFileSync(new URL("../deno.json", src));
  const imports = JSON.stringify(JSON.parse(config).imports ?? {});
  return await hashParts([...files, new TextEncoder().encode(imports)]);
}

/** Each file's name, then its bytes, in the order of `names`: what a hash of files is made of. */
function namedTexts(names: readonly string[], path: (name: string) => string): Uint8Array[] {
  const encoder = new TextEncoder();
  return names.flatMap((name) => [encoder.encode(name), Deno.readFileSync(path(name))]);
}

/**
 * The path of the folder `dir`, ending in its separator: the files of a hash are read by their
 * paths, since making a URL of each, then a path of each URL, took about as long as the reads.
 */
function folderPath(dir: URL): string {
  const path = Deno.realPathSync(dir);
  return path.endsWith(SEPARATOR) ? path : `${path}${SEPARATOR}`;
}

/** The separator of the paths `Deno.realPathSync` gives. */
const SEPARATOR = Deno.build.os === "windows" ? "\\" : "/";

/**
 * A SHA-256 of the names and texts of a directory's source files, in name order, by Web
 * Crypto's native digest: much faster at a cold start than hashing in JavaScript. The directory
 * is listed synchronously, as the files are read: an async listing takes longer, the more so
 * while other processes keep the cores busy.
 */
export async function hashSources(dir: URL): Promise<string> {
  const folder = folderPath(dir);
  const names: string[] = [];
  for (const entry of Deno.readDirSync(folder)) {
    if ((entry.isFile || entry.isSymlink) && isSourceFile(entry.name)) names.push(entry.name);
  }
  return await hashParts(namedTexts(names.sort(), (name) => `${folder}${name}`));
}

/**
 * Whether the code in `src` (default this package's) is the code whose hash this package
 * holds: false once a module that shapes catalogues is edited and `deno task catalogue` not run.
 */
export async function codeIsCurrent(src: URL = CODE): Promise<boolean> {
  return await hashCode(src) === CODE_HASH;
}

/**
 * The text of the module that holds `CODE_HASH`, the hash `hashCode` gives now, and where it is:
 * what `deno task catalogue` writes.
 */
export async function codeHashModule(): Promise<{ file: URL; text: string }> {
  return {
    file: new URL(CODE_HASH_MODULE, CODE),
    text: "// Written by `deno task catalogue`: the hash of the code that compiles catalogues\n" +
      "// (`hashCode`), which a start compares a compiled catalogue's with without reading the\n" +
      "// code. A test holds it to the code.\n" +
      `export const CODE_HASH = "${await hashCode()}";\n`,
  };
}

/** How `readCompiledCatalogue` checks a catalogue. */
export interface ReadOptions {
  /**
   * Take a catalogue compiled by the code whose hash this package holds without hashing the
   * code now: the caller is to check the code later (`codeIsCurrent`). Default `false`.
   */
  checkCodeLater?: boolean;
}

/**
 * The directory's compiled catalogue, or undefined when it is missing, unreadable, or stale:
 * compiled from other YAML or by other code.
 */
export async function readCompiledCatalogue(
  dir: URL,
  { checkCodeLater = false }: ReadOptions = {},
): Promise<CompiledCatalogue | undefined> {
  let text: string;
  try {
    // Read synchronously: nothing else is under way yet, and an async read takes longer, the
    // more so while other processes keep the cores busy.
    text = Deno.readTextFileSync(new URL(CATALOGUE_FILE, dir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  // The files are read now and digested off the main thread while it parses the catalogue.
  const hashes = Promise.all([hashSources(dir), checkCodeLater ? CODE_HASH : hashCode()]);
  const catalogue = parsedCatalogue(text);
  const [sources, code] = await hashes;
  if (catalogue?.sources !== sources || catalogue.code !== code) return undefined;
  return { files: catalogue.files, index: catalogue.index };
}

/** The catalogue `text` holds, or undefined when it is not JSON. */
function parsedCatalogue(text: string): CatalogueFile | undefined {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** The configs of the directory's compiled catalogue, or undefined when it is missing or stale. */
export async function readCatalogue(dir: URL): Promise<CLImaxConfig[] | undefined> {
  const compiled = await readCompiledCatalogue(dir);
  return compiled === undefined ? undefined : configsOf(compiled.files);
}

/**
 * The text of a compiled catalogue of `files`, read from the directory `dir`, with `index`, the
 * packed search built from them.
 */
export async function catalogueText(
  dir: URL,
  files: FileSource[],
  index?: unknown,
): Promise<string> {
  const [sources, code] = await Promise.all([hashSources(dir), hashCode()]);
  const catalogue: CatalogueFile = { sources, code, files, index };
  return JSON.stringify(catalogue) + "\n";
}
