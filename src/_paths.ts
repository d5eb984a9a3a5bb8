/** A file: URL of a directory, from a path (relative to the working directory) or a URL. */
export function directoryUrl(dir: string | URL): URL {
  if (dir instanceof URL) return dir.href.endsWith("/") ? dir : new URL(`${dir.href}/`);
  const absolute = dir.startsWith("/") ? dir : `${Deno.cwd()}/${dir}`;
  const encoded = absolute.split("/").map(encodeURIComponent).join("/");
  return new URL(`file://${encoded.endsWith("/") ? encoded : `${encoded}/`}`);
}
