// What the tests of a live catalogue's sources share: a config folder's one config, a source's
// health by name, and waiting for what comes in the background.
import assert from "node:assert/strict";
import type { LiveCatalogue } from "../src/catalogue/live.ts";
import type { SourceHealth } from "../src/catalogue/served.ts";

/** A config of the namespace `git` with one tool, git_log. */
export const GIT_YAML = `name: git
command: git
tools:
  - name: git_log
    description: Show the commit history
    command: log
`;

/** The health of the source `name` (a file, a server, the MCP config); fails when it has none. */
export function healthOf(
  catalogue: LiveCatalogue,
  name: string,
  kind?: SourceHealth["kind"],
): SourceHealth {
  const found = catalogue.health().sources.find((source) =>
    source.name === name && (kind === undefined || source.kind === kind)
  );
  assert.ok(found, `no health of ${name}`);
  return found;
}

/** Waits, polling every 20 ms, until `done()`; fails saying `what` after `ms`. */
export async function eventually(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
