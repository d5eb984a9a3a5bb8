// The version of tool-index itself, as deno.json names it: what a client reports in a bug, beside
// the content hash that says which catalogue it was served.
import manifest from "../../deno.json" with { type: "json" };

/** The package version of the running service, such as `0.1.0`. */
export const PACKAGE_VERSION: string = manifest.version;
