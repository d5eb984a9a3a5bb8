// A policy where the service reads it: POLICY_FILE, read from anywhere, never taken for a config
// (nor a config for it); the catalogue under it, at the start and at each reload; the service's
// answers over app.request(), as an agent sees them.
import assert from "node:assert/strict";
import { ConfigError, loadConfigDir, parsePolicy } from "../mod.ts";
import { loadCatalogue } from "../src/catalogue/load.ts";
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { loadPolicyFile } from "../src/catalogue/policy_file.ts";
import { StartError, startService } from "../src/http/start.ts";
import { ANSWER_SCHEMAS } from "../src/http/answer_schemas.ts";

const GIT = `name: git
command: git
category: vcs
env:
  GIT_PAGER: cat
tools:
  - name: git_status
    description: Show the working tree status
    command: status
  - name: git_log
    description: Show commit logs
    command: log
    args:
      - { name: max_count, type: integer, flag: --max-count, description: Limit }
  - name: git_push
    description: Update remote refs
    command: push
`;

const POLICY = `default: disabled
tools:
  git_status: {}
  git_log:
    description: Recent history, at most fifty entries
    args:
      max_count: { min: 1, max: 50 }
`;

async function withDir(
  files: Record<string, string>,
  run: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function env(values: Record<string, string>) {
  return (name: string) => ({ LOG_REQUESTS: "0", ...values })[name];
}

async function startFailure(values: Record<string, string>): Promise<string> {
  try {
    await startService(env(values));
  } catch (error) {
    assert.ok(error instanceof StartError, String(error));
    return error.message;
  }
  assert.fail("Expected the start to fail");
}

Deno.test("a directory's *.policy.yaml files are never read as configs", async () => {
  await withDir(
    { "git.yaml": GIT, "readonly.policy.yaml": POLICY, "x.Policy.YML": POLICY },
    async (dir) => {
      const configs = await loadConfigDir(dir);
      assert.deepEqual(configs.map((config) => config.name), ["git"]);
      const catalogue = await loadCatalogue(dir, { warn: () => {} });
      assert.deepEqual(catalogue.sources.map((source) => source.file), ["git.yaml"]);
      assert.deepEqual(catalogue.errors, []);
    },
  );
});

Deno.test("a policy file in the config directory named as a config is refused, not read as one", async () => {
  await withDir(
    { "git.yaml": GIT, "policy.yaml": POLICY, "ok.policy.yaml": POLICY },
    async (dir) => {
      await assert.rejects(() => loadPolicyFile(`${dir}/policy.yaml`, dir, () => {}), (error) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(
          error.message,
          `${dir}/policy.yaml: The policy file is in the config directory, whose *.yaml files are read as configs: name it policy.policy.yaml (the config readers skip *.policy.yaml) or move it`,
        );
        return true;
      });
      const policy = await loadPolicyFile(`${dir}/ok.policy.yaml`, dir, () => {});
      assert.deepEqual(Object.keys(policy.tools), ["git_status", "git_log"]);
    },
  );
});

Deno.test("the bundled catalogue under a policy serves only what it exposes", async () => {
  const warnings: string[] = [];
  const policy = parsePolicy("tools:\n  git_log: {}\n  git_lgo: {}\n", { source: "p.policy.yaml" });
  const { registry, errors } = await loadCatalogue(undefined, {
    policy,
    warn: (message) => warnings.push(message),
  });
  assert.deepEqual(errors, []);
  assert.deepEqual(registry.ids(), ["git:git_log"]);
  assert.deepEqual(registry.search({ query: "commits", mode: "ranked" }).map((e) => e.id), [
    "git:git_log",
  ]);
  assert.deepEqual(warnings, [
    `p.policy.yaml:3:3: tools.git_lgo: No config defines a tool "git_lgo", so the policy's entry is ignored; did you mean "git_log"?`,
  ]);
});

Deno.test("a live catalogue keeps its policy at each reload, and refuses a config it does not fit", async () => {
  await withDir({ "git.yaml": GIT }, async (dir) => {
    const messages: string[] = [];
    const catalogue = await LiveCatalogue.open({
      dir,
      policy: parsePolicy(POLICY, { source: "p.policy.yaml" }),
      report: (message) => messages.push(message),
    });
    try {
      assert.deepEqual(catalogue.registry.ids(), ["git:git_status", "git:git_log"]);
      await Deno.writeTextFile(`${dir}/git.yaml`, GIT.replace("git_push", "git_pull"));
      await catalogue.reload();
      assert.deepEqual(catalogue.registry.ids(), ["git:git_status", "git:git_log"]);
      await Deno.writeTextFile(`${dir}/git.yaml`, GIT.replace("type: integer", "type: string"));
      await catalogue.reload();
      assert.deepEqual(catalogue.registry.ids(), ["git:git_status", "git:git_log"]);
      const [error] = catalogue.fileErrors();
      assert.equal(
        error.message,
        `${dir}/git.yaml: The policy does not fit this config:\np.policy.yaml:7:20: tools.git_log.args.max_count.min: A minimum applies to integers and numbers, but the argument "max_count" of "git_log" is of type "string"\np.policy.yaml:7:28: tools.git_log.args.max_count.max: A maximum applies to integers and numbers, but the argument "max_count" of "git_log" is of type "string"`,
      );
      assert.equal(catalogue.health().status, "degraded");
    } finally {
      catalogue.close();
    }
  });
});

Deno.test("the service under POLICY_FILE finds, shows and counts only what the policy exposes", async () => {
  await withDir({ "git.yaml": GIT }, async (dir) => {
    const policyDir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${policyDir}/readonly.yaml`, POLICY);
      const app = await startService(
        env({ CONFIG_DIR: dir, POLICY_FILE: `${policyDir}/readonly.yaml` }),
      );
      const get = async (path: string) => {
        const response = await app.request(path);
        return { status: response.status, body: await response.json() };
      };
      const search = await get("/search?query=fifty");
      assert.deepEqual(search.body.results.map((e: { tool_name: string }) => e.tool_name), [
        "git_log",
      ]);
      assert.equal(search.body.results[0].description, "Recent history, at most fifty entries");
      assert.deepEqual(search.body.results[0].input_schema.properties.max_count, {
        type: "integer",
        description: "Limit",
        minimum: 1,
        maximum: 50,
      });
      assert.deepEqual((await get("/search?query=push")).body.results, []);
      assert.equal((await get("/tools/git_push")).status, 404);
      const tool = await get("/tools/git_log");
      assert.equal(tool.status, 200);
      assert.equal(tool.body.tool.description, "Show commit logs");
      assert.equal(tool.body.description_override, "Recent history, at most fifty entries");
      assert.deepEqual(tool.body.arg_constraints, {
        max_count: { pattern: null, min: 1, max: 50 },
      });
      assert.deepEqual((await get("/tools/git_status")).body.arg_constraints, {});
      ANSWER_SCHEMAS.ToolResponse.parse(tool.body);
      const backends = await get("/tools/git:git_log/backends");
      assert.deepEqual(backends.body.backends[0].arg_constraints, {
        max_count: { pattern: null, min: 1, max: 50 },
      });
      ANSWER_SCHEMAS.BackendsResponse.parse(backends.body);
      const summary = await get("/summary");
      assert.deepEqual(summary.body.summary.map((cli: { tool_count: number }) => cli.tool_count), [
        2,
      ]);
      assert.equal((await get("/healthz")).body.tools, 2);
    } finally {
      await Deno.remove(policyDir, { recursive: true });
    }
  });
});

Deno.test("a broken POLICY_FILE stops the start with its located error", async () => {
  await withDir({ "git.yaml": GIT, "bad.policy.yaml": "default: sometimes\n" }, async (dir) => {
    assert.equal(
      await startFailure({ CONFIG_DIR: dir, POLICY_FILE: `${dir}/bad.policy.yaml` }),
      `tool-index cannot start:\n${dir}/bad.policy.yaml:1:10: default: Expected one of "enabled", "disabled", got the string "sometimes"`,
    );
    assert.equal(
      await startFailure({ CONFIG_DIR: dir, POLICY_FILE: `${dir}/missing.policy.yaml` }),
      `tool-index cannot start:\n${dir}/missing.policy.yaml: File not found`,
    );
    const wrongType =
      "tools:\n  git_status: {}\n  git_log:\n    args:\n      max_count: { pattern: x }\n";
    await Deno.writeTextFile(`${dir}/bad.policy.yaml`, wrongType);
    assert.match(
      await startFailure({ CONFIG_DIR: dir, POLICY_FILE: `${dir}/bad.policy.yaml` }),
      /bad\.policy\.yaml:5:20: tools\.git_log\.args\.max_count\.pattern: A pattern applies to strings/,
    );
  });
});

Deno.test("a POLICY_FILE in CONFIG_DIR named as a config stops the start instead of being read as one", async () => {
  await withDir({ "git.yaml": GIT, "readonly.yaml": POLICY }, async (dir) => {
    assert.match(
      await startFailure({ CONFIG_DIR: dir, POLICY_FILE: `${dir}/readonly.yaml` }),
      /readonly\.yaml: The policy file is in the config directory/,
    );
  });
});
