// The duplicate-tool warning of an index names where each config came from (issue 21): a
// config's `name` is "climax" unless set, so names alone gave "the tool from "climax" replaces
// the one from "climax"".
import assert from "node:assert/strict";
import { loadConfigDir, parseConfig, ToolIndex, validateConfig } from "../mod.ts";

const UNNAMED = (description: string) =>
  `command: git\ntools:\n  - name: git_status\n    description: ${description}\n`;

function warningsOf(configs: Parameters<typeof ToolIndex.fromConfigs>[0]): string[] {
  const warnings: string[] = [];
  ToolIndex.fromConfigs(configs, { onWarning: (message) => warnings.push(message) });
  return warnings;
}

Deno.test("the duplicate-tool warning names the files of configs loaded from a directory", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.yaml`, UNNAMED("Show the status"));
    await Deno.writeTextFile(`${dir}/b.yaml`, UNNAMED("Show the status again"));
    const configs = await loadConfigDir(dir);
    assert.deepEqual(warningsOf(configs), [
      `Duplicate tool name "git_status": the tool from "climax" (${dir}/b.yaml) replaces the ` +
      `one from "climax" (${dir}/a.yaml)`,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the duplicate-tool warning names the source given to parseConfig or validateConfig", () => {
  const parsed = parseConfig(UNNAMED("Show the status"), { source: "work.yaml" });
  const validated = validateConfig(
    { command: "git", tools: [{ name: "git_status", description: "Status" }] },
    { source: "home.json" },
  );
  assert.deepEqual(warningsOf([parsed, validated]), [
    'Duplicate tool name "git_status": the tool from "climax" (home.json) replaces the one ' +
    'from "climax" (work.yaml)',
  ]);
});

Deno.test("configs of no known source are named by their place in the list", () => {
  const plain = { command: "git", tools: [{ name: "git_status", description: "Status" }] };
  const unnamed = parseConfig(UNNAMED("Show the status"));
  assert.deepEqual(warningsOf([plain, { ...plain }, unnamed]), [
    'Duplicate tool name "git_status": the tool from "climax" (configs[1]) replaces the one ' +
    'from "climax" (configs[0])',
    'Duplicate tool name "git_status": the tool from "climax" (configs[2]) replaces the one ' +
    'from "climax" (configs[1])',
  ]);
});
