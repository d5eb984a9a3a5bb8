/** A file: URL of a directory, from a path (relative to the working directory) or a URL. */
export function directoryUrl(dir: string | URL): URL {
  if (dir instanceof URL) return dir.href.endsWith("/") ? dir : new URL(`${dir.href}/`);
  const absolute = dir.startsWith("/") ? dir : `${Deno.cwd()}/${dir}`;
  const encoded = absolute.split("/").map(encodeURIComponent).join("/");
  return new URL(`file://${encoded.endsWith("/") ? encoded : `${encoded}/`}`);
}

/**
 * The names of a directory's `*.yaml` and `*.yml` files (not its subdirectories'), sorted.
 * Symlinks count, as mounted config maps are made of them; one that leads nowhere is then
 * reported as unreadable rather than silently left out.
 */
export async function yamlFileNames(dir: URL): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if ((entry.isFile || entry.isSymlink) && /\.ya?ml$/i.test(entry.name)) names.push(entry.name);
  }
  return names.sort();
}
