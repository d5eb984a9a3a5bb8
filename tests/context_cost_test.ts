// The README's figures of what an agent's context pays are the ones `deno task context-cost`
// prints today: a change of an answer's size is caught here, not found stale by a reader.
import assert from "node:assert/strict";
import { runDeno } from "./_deno.ts";

const ROOT = new URL("../", import.meta.url).pathname;

Deno.test("the README's context figures are what deno task context-cost measures", async () => {
  const { code, stdout, stderr } = await runDeno(
    [
      "run",
      "--lock=tooling.lock",
      "--allow-read",
      "--allow-env",
      "--allow-run",
      "--allow-net",
      "scripts/context_cost.ts",
    ],
    { cwd: ROOT },
  );
  assert.equal(code, 0, stderr);
  const tokens = (row: RegExp) => {
    const line = stdout.split("\n").find((text) => row.test(text));
    assert.ok(line, `no row ${row} in:\n${stdout}`);
    return Number(line.split("|").at(-2)!.trim()).toLocaleString("en-US");
  };
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const said =
    /listing the two tools costs ([\d,]+) tokens, where listing the (\d+) bundled tools directly costs\s+([\d,]+); a search of 5 results costs about ([\d,]+) tokens, ([\d,]+) with `detail: "summary"`, and a get ([\d,]+)/
      .exec(readme.replace(/\s+/g, " "));
  assert.ok(said, "the README's sentence of figures");
  assert.deepEqual(said.slice(1).filter((_, i) => i !== 1), [
    tokens(/tools\/list, the two meta-tools/),
    tokens(/tools\/list, all \d+ bundled tools/),
    tokens(/climax_search answer at limit 5/),
    tokens(/the same with detail "summary"/),
    tokens(/climax_get answer \(docker_ps\)/),
  ]);
});
