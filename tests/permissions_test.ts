import assert from "node:assert/strict";
import { type Output, runDeno } from "./_deno.ts";

const fixture = new URL("./fixtures/no_permissions.ts", import.meta.url).pathname;

function run(...args: string[]): Promise<Output> {
  return runDeno(["run", "--no-prompt", "--quiet", ...args]);
}

Deno.test("parsing, indexing and searching need no Deno permission", async () => {
  const { code, stdout, stderr } = await run(fixture);
  assert.equal(code, 0, stderr);
  const result = JSON.parse(stdout);
  assert.deepEqual(result.names, ["git_status"]);
  assert.deepEqual(result.warnings, ['git.yaml:5:1: tag: Unknown key "tag"; did you mean "tags"?']);
  assert.equal(result.next, 1);
  assert.match(result.version, /^[0-9a-f]{16}$/);
  assert.equal(result.get, "git");
});

Deno.test("loading a bundled config needs --allow-read and nothing else", async () => {
  const denied = await run(fixture, "load");
  assert.notEqual(denied.code, 0);
  assert.match(denied.stderr, /ConfigError: .*docker\.yaml: .*\(--allow-read\)/);
  const { code, stdout, stderr } = await run("--allow-read", fixture, "load");
  assert.equal(code, 0, stderr);
  assert.deepEqual(JSON.parse(stdout).clis, ["git", "docker"]);
});

Deno.test("loadConfigDir() without --allow-read throws a ConfigError, not Deno's own error", async () => {
  const { code, stdout, stderr } = await run(fixture, "dir");
  assert.equal(code, 0, stderr);
  const error = JSON.parse(stdout);
  assert.equal(error.name, "ConfigError");
  assert.match(
    error.message,
    /The directory cannot be read: Deno has no read permission \(--allow-read\)$/,
  );
});
