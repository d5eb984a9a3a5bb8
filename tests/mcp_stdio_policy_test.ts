// The "done when", as a user sets it up: the local MCP server under a POLICY_FILE that
// enables git_log capped at 50 commits and leaves every other tool disabled. The agent finds
// git_log for "the last 5 commits of this repository" and runs it; 51 is refused, naming the
// maximum; a disabled tool can be neither found nor called.
import assert from "node:assert/strict";
import type { Client } from "@modelcontextprotocol/client";
import { runDeno } from "./_deno.ts";
import { callTool as call, MCP_TASK as TASK, ROOT, withStdioServer } from "./_mcp.ts";

const READONLY = `default: disabled
tools:
  git_log:
    args:
      max_count: { min: 1, max: 50 }
`;

async function withPolicy(run: (policyFile: string) => Promise<void>, text = READONLY) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/readonly.policy.yaml`, text);
    await run(`${dir}/readonly.policy.yaml`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The local server under `policyFile`, with `args`, and `path` as its PATH when given. */
function withServer(
  policyFile: string,
  run: (client: Client) => Promise<void>,
  args: string[] = [],
  path?: string,
): Promise<void> {
  const env: Record<string, string> = { POLICY_FILE: policyFile };
  if (path !== undefined) env.PATH = path;
  return withStdioServer(run, { env, args });
}

Deno.test("under the policy, the agent finds git_log for the last 5 commits and runs it; 51 is refused", async () => {
  await withPolicy((policyFile) =>
    withServer(policyFile, async (client) => {
      const found = JSON.parse(
        (await call(client, "climax_search", { query: "the last 5 commits of this repository" }))
          .text,
      );
      assert.deepEqual(found.results.map((entry: { tool_name: string }) => entry.tool_name), [
        "git_log",
      ]);
      assert.equal(found.results[0].input_schema.properties.max_count.maximum, 50);
      assert.equal(found.results[0].input_schema.properties.max_count.minimum, 1);

      const ran = await call(client, "climax_call", {
        tool_name: "git_log",
        args: { max_count: 5, oneline: true },
      });
      assert.equal(ran.isError, false, ran.text);
      const expected = new TextDecoder().decode(
        (await new Deno.Command("git", {
          args: ["log", "--max-count", "5", "--oneline"],
          cwd: ROOT,
        }).output()).stdout,
      ).trim();
      assert.equal(ran.text, expected);

      const refused = await call(client, "climax_call", {
        tool_name: "git_log",
        args: { max_count: 51 },
      });
      assert.equal(refused.isError, true);
      assert.match(refused.text, /max_count: The value 51 is above the maximum of 50/);
      assert.match(refused.text, /Nothing ran\.$/);
    })
  );
});

Deno.test("under the policy, a disabled tool can be neither found nor called", async () => {
  await withPolicy((policyFile) =>
    withServer(policyFile, async (client) => {
      const search = JSON.parse(
        (await call(client, "climax_search", { query: "working tree status" })).text,
      );
      const names = search.results.map((entry: { tool_name: string }) => entry.tool_name);
      assert.ok(!names.includes("git_status"), names.join(", "));
      const summary = JSON.parse((await call(client, "climax_search", {})).text);
      assert.deepEqual(
        summary.summary.map((
          cli: { name: string; tool_count: number },
        ) => [cli.name, cli.tool_count]),
        [["git", 1]],
      );
      const got = await call(client, "climax_get", { tool_name: "git_status" });
      assert.equal(got.isError, true);
      assert.match(got.text, /^Unknown tool: git_status\./);
      const called = await call(client, "climax_call", { tool_name: "git_status", args: {} });
      assert.equal(called.isError, true);
      assert.match(called.text, /^Unknown tool: git_status\./);
      assert.doesNotMatch(called.text, /git:git_status/);
    })
  );
});

Deno.test("--classic under the policy lists only the tools it exposes, with their bounds", async () => {
  await withPolicy((policyFile) =>
    withServer(policyFile, async (client) => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name), ["git_log"]);
      const properties = tools[0].inputSchema.properties as Record<string, { maximum?: number }>;
      assert.equal(properties.max_count.maximum, 50);
      const refused = await call(client, "git_log", { max_count: 0 });
      assert.equal(refused.isError, true);
    }, ["--classic"])
  );
});

Deno.test("climax_call runs the command in the policy's docker executor", async () => {
  // A stand-in for docker on the PATH that prints the command line it was given.
  const bin = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${bin}/docker`, '#!/bin/sh\nprintf "%s|" "$@"\n');
    await Deno.chmod(`${bin}/docker`, 0o755);
    const policy = `executor:
  type: docker
  image: alpine/git
  working_dir: /repo
  network: none
${READONLY}`;
    await withPolicy((policyFile) =>
      withServer(
        policyFile,
        async (client) => {
          const ran = await call(client, "climax_call", {
            tool_name: "git_log",
            args: { max_count: 3 },
          });
          assert.equal(ran.isError, false, ran.text);
          assert.equal(
            ran.text,
            "run|--rm|--network|none|-w|/repo|alpine/git|git|log|--max-count|3|",
          );
        },
        [],
        `${bin}:${Deno.env.get("PATH") ?? ""}`,
      ), policy);
  } finally {
    await Deno.remove(bin, { recursive: true });
  }
});

Deno.test("the local server does not start under a broken policy, and says where it is broken", async () => {
  await withPolicy(async (policyFile) => {
    const { code, stdout, stderr } = await runDeno([...TASK], {
      cwd: ROOT,
      env: { POLICY_FILE: policyFile },
    });
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.equal(
      stderr.trim(),
      `tool-index mcp cannot start:\n${policyFile}:4:20: tools.git_log.args.max_count.pattern: A pattern applies to strings, but the argument "max_count" of "git_log" is of type "integer"`,
    );
  }, "tools:\n  git_log:\n    args:\n      max_count: { pattern: '[0-9]+' }\n");
});
