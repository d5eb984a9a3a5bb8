// A compiled catalogue: the validated configs of a directory as JSON, beside the YAML they came
// from. YAML parsing is the slowest part of a cold start (about 90 ms for the bundled configs,
// where JSON.parse of the same configs takes about 1 ms), so the service reads this file when
// it is current. It records a hash of every YAML file's name and text, and is used only when
// that hash still matches: a stale catalogue is never served.
import type { CLImaxConfig } from "./models.ts";
import { yamlFileNames } from "./_paths.ts";

/** The file name of a compiled catalogue inside a config directory. */
export const CATALOGUE_FILE = "_catalogue.json";

interface Catalogue {
  sources: string;
  configs: CLImaxConfig[];
}

/**
 * A SHA-256 of the names and texts of a directory's `*.yaml` and `*.yml` files, in name order.
 * Web Crypto's native digest takes a fifth of the time of hashing in JavaScript at cold start.
 */
export async function hashSources(dir: URL): Promise<string> {
  const names = await yamlFileNames(dir);
  const texts = await Promise.all(
    names.map((name) => Deno.readFile(new URL(encodeURIComponent(name), dir))),
  );
  const encoder = new TextEncoder();
  // Each name and text goes in after its length, so no two different listings hash alike.
  const parts = names.flatMap((name, i) => [encoder.encode(name), texts[i]]);
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

/** The configs of the directory's compiled catalogue, or undefined when it is missing or stale. */
export async function readCatalogue(dir: URL): Promise<CLImaxConfig[] | undefined> {
  let catalogue: Catalogue;
  try {
    catalogue = JSON.parse(await Deno.readTextFile(new URL(CATALOGUE_FILE, dir)));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof SyntaxError) return undefined;
    throw error;
  }
  return catalogue.sources === await hashSources(dir) ? catalogue.configs : undefined;
}

/** The text of a compiled catalogue of `configs`, loaded from the directory `dir`. */
export async function catalogueText(dir: URL, configs: CLImaxConfig[]): Promise<string> {
  const catalogue: Catalogue = { sources: await hashSources(dir), configs };
  return JSON.stringify(catalogue) + "\n";
}
