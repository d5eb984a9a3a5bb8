// The whole service as a user runs it: `deno serve main.ts` in its own process, over a socket.
import assert from "node:assert/strict";
import { type Output, runDeno } from "./_deno.ts";
import { freePort, serveEntry, type Server, startServer } from "../support/server.ts";
import { MCP_HEADERS } from "./_mcp.ts";

const root = new URL("../", import.meta.url);
const SECRET = "xoxb-very-secret-token";

function serve(env: Record<string, string> = {}): Promise<Server> {
  return serveEntry("main.ts", "/healthz", env);
}

/** A start of the service that is expected to fail, so it runs to its exit. */
function startFailure(env: Record<string, string>): Promise<Output> {
  const args = ["serve", "--allow-read", "--allow-env", "--allow-net", "--port"];
  return runDeno([...args, String(freePort()), "main.ts"], { cwd: root.pathname, env });
}

/** A GET over a plain socket, to see the headers exactly as the server sent them. */
async function rawGet(base: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(base);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${hostname}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
  const chunks: Uint8Array[] = [];
  for await (const chunk of conn.readable) chunks.push(chunk);
  const text = new TextDecoder("latin1").decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  const head = text.slice(0, text.indexOf("\r\n\r\n"));
  const [status, ...rest] = head.split("\r\n");
  const map = new Map(rest.map((line) => {
    const at = line.indexOf(":");
    return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
  }));
  return { status: Number(status.split(" ")[1]), headers: map };
}

async function configDir(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir();
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return dir;
}

/** `deno task catalogue` of `dir`, as an operator runs it. */
async function compileCatalogue(dir: string): Promise<void> {
  const args = ["run", "--allow-read", "--allow-write", "scripts/catalogue.ts", dir];
  const { code, stderr } = await runDeno(args, { cwd: root.pathname });
  assert.equal(code, 0, stderr);
}

const slackConfig = `name: slack
command: slack-cli
category: chat
env:
  SLACK_TOKEN: ${SECRET}
tools:
  - name: slack_post
    description: Post a message to a channel
    command: chat send
    args:
      - { name: channel, required: true, flag: "--channel" }
`;

Deno.test("deno serve main.ts serves the bundled catalogue over a socket", async () => {
  const service = await serve();
  try {
    const health = await (await fetch(`${service.base}/healthz`)).json();
    assert.equal(health.status, "ok");
    assert.ok(health.tools >= 150, `${health.tools} tools`);
    assert.ok(health.clis >= 10, `${health.clis} CLIs`);

    const search = await (await fetch(`${service.base}/search?query=container&cli=docker&limit=3`))
      .json();
    assert.equal(search.mode, "search");
    assert.equal(search.results.length, 3);
    assert.ok(search.results.every((entry: { cli_name: string }) => entry.cli_name === "docker"));

    const summary = await (await fetch(`${service.base}/summary`)).json();
    assert.equal(summary.summary.length, health.clis);

    const tool = await (await fetch(`${service.base}/tools/${search.results[0].tool_name}`)).json();
    assert.equal(tool.base_command, "docker");

    const missing = await fetch(`${service.base}/tools/no_such_tool`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("Content-Type"), "application/problem+json");
    await missing.body?.cancel();

    const bad = await fetch(`${service.base}/search?limit=1000`);
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).invalid_params[0].name, "limit");
  } finally {
    await service.stop();
  }
});

Deno.test("the service compresses over the wire as the client asks", async () => {
  const service = await serve();
  try {
    const br = await rawGet(service.base, "/search?limit=50", { "Accept-Encoding": "br" });
    assert.equal(br.status, 200);
    assert.equal(br.headers.get("content-encoding"), "br");
    const gzip = await rawGet(service.base, "/search?limit=50", { "Accept-Encoding": "gzip" });
    assert.equal(gzip.headers.get("content-encoding"), "gzip");
    const plain = await rawGet(service.base, "/search?limit=50", {});
    assert.equal(plain.headers.get("content-encoding"), undefined);
  } finally {
    await service.stop();
  }
});

Deno.test("a config's env value never shows over HTTP", async () => {
  const dir = await configDir({ "slack.yaml": slackConfig });
  const service = await serve({ CONFIG_DIR: dir });
  try {
    for (
      const path of ["/", "/search?query=slack", "/summary", "/tools/slack_post", "/openapi.json"]
    ) {
      const text = await (await fetch(`${service.base}${path}`)).text();
      assert.ok(!text.includes(SECRET), path);
    }
    const tool = await (await fetch(`${service.base}/tools/slack_post`)).json();
    assert.deepEqual(Object.keys(tool.env), ["SLACK_TOKEN"]);
  } finally {
    await service.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the service serves the YAML, not a stale compiled catalogue", async () => {
  const dir = await configDir({ "slack.yaml": slackConfig });
  try {
    await compileCatalogue(dir);
    await Deno.writeTextFile(`${dir}/slack.yaml`, slackConfig.replace("slack_post", "slack_send"));
    const service = await serve({ CONFIG_DIR: dir });
    try {
      const missing = await fetch(`${service.base}/tools/slack_post`);
      assert.equal(missing.status, 404);
      await missing.body?.cancel();
      const tool = await fetch(`${service.base}/tools/slack_send`);
      assert.equal(tool.status, 200);
      await tool.body?.cancel();
    } finally {
      await service.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the service restores the catalogue's packed index, or builds it when it does not fit", async () => {
  const dir = await configDir({ "slack.yaml": slackConfig });
  try {
    await compileCatalogue(dir);
    const restored = await serveEntry("main.ts", "/healthz", { CONFIG_DIR: dir }, true);
    await restored.stop();
    assert.equal(restored.stderr.count, 0);
    const file = `${dir}/_catalogue.json`;
    const compiled = JSON.parse(await Deno.readTextFile(file));
    compiled.index.ranked.doc_count += 1;
    await Deno.writeTextFile(file, JSON.stringify(compiled));
    const service = await serveEntry("main.ts", "/healthz", { CONFIG_DIR: dir }, true);
    try {
      const response = await fetch(`${service.base}/search?query=post%20message&mode=ranked`);
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.deepEqual(body.results.map((entry: { tool_name: string }) => entry.tool_name), [
        "slack_post",
      ]);
    } finally {
      await service.stop();
    }
    assert.deepEqual(service.stderr.first, [
      "The compiled catalogue's search does not fit its sources: building it instead",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("answering MCP requests writes nothing to the operator's log", async () => {
  const service = await serveEntry("main.ts", "/healthz", {}, true);
  try {
    const response = await fetch(`${service.base}/mcp`, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
  } finally {
    await service.stop();
  }
  // Deno warns on stderr when a served request's abort signal is read.
  assert.deepEqual(service.stderr.first, []);
});

const LAUNCHER = ["run", "--allow-read", "--allow-env", "--allow-net", "scripts/start.ts"];

Deno.test("deno task start's launcher serves on PORT, on loopback unless HOST says otherwise", async () => {
  for (const [env, listening] of [[{}, "127.0.0.1"], [{ HOST: "0.0.0.0" }, "0.0.0.0"]] as const) {
    const port = freePort();
    const service = await startServer(LAUNCHER, port, "/healthz", {
      PORT: String(port),
      ...env,
    }, true);
    try {
      const response = await fetch(`${service.base}/healthz`);
      assert.equal(response.status, 200);
      await response.body?.cancel();
    } finally {
      await service.stop();
    }
    assert.match(
      service.stderr.first.join("\n"),
      new RegExp(`^Listening on http://${listening.replaceAll(".", "\\.")}:${port}/`, "m"),
    );
  }
});

Deno.test("deno task start's launcher refuses a HOST or PORT that is not one", async () => {
  for (const env of [{ HOST: "my host" }, { PORT: "80000" }] as Record<string, string>[]) {
    const child = await new Deno.Command(Deno.execPath(), {
      args: LAUNCHER,
      cwd: new URL("../", import.meta.url).pathname,
      env,
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(child.code, 1);
    assert.match(
      new TextDecoder().decode(child.stderr),
      new RegExp(`^${Object.keys(env)[0]} must be`),
    );
  }
});

Deno.test("a config that fails to load stops the start with the ConfigError text", async () => {
  const dir = await configDir({
    "good.yaml": slackConfig,
    "broken.yaml": "command: x\ntools:\n  - name: t\n",
  });
  try {
    const { code, stderr } = await startFailure({ CONFIG_DIR: dir });
    assert.notEqual(code, 0);
    assert.match(stderr, /tool-index cannot start/);
    assert.ok(
      stderr.includes(
        `${dir}/broken.yaml:3:5: tools[0].description: Missing required key "description"`,
      ),
      stderr,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every invalid or unreadable config is reported, and the start stops", async () => {
  const dir = await configDir({
    "good.yaml": slackConfig,
    "broken.yaml": "command: x\ntools:\n  - name: t\n",
    "worse.yaml": "command: [\n",
  });
  await Deno.symlink(`${dir}/nowhere.yaml`, `${dir}/dangling.yaml`);
  try {
    const { code, stderr } = await startFailure({ CONFIG_DIR: dir });
    assert.equal(code, 1);
    assert.ok(stderr.includes(`${dir}/broken.yaml:3:5: tools[0].description`), stderr);
    assert.ok(stderr.includes(`${dir}/dangling.yaml: File not found`), stderr);
    assert.match(stderr, new RegExp(`${dir}/worse\\.yaml:\\d+:\\d+: `));
    assert.match(stderr, /SKIP_INVALID_CONFIGS=1/);
    assert.doesNotMatch(stderr, /^\s+at /m, "no stack trace");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SKIP_INVALID_CONFIGS=1 serves the valid configs and /healthz lists the others", async () => {
  const dir = await configDir({
    "good.yaml": slackConfig,
    "broken.yaml": "command: x\ntools:\n  - name: t\n",
  });
  try {
    const service = await serve({ CONFIG_DIR: dir, SKIP_INVALID_CONFIGS: "1" });
    try {
      const health = await (await fetch(`${service.base}/healthz`)).json();
      // A file left out is a source with a problem.
      assert.equal(health.status, "degraded");
      assert.equal(health.clis, 1);
      // The file's name only: the server's own paths are not the public's business.
      assert.deepEqual(health.skipped, [{ file: "broken.yaml", problems: 1 }]);
      const broken = health.sources.find((source: { name: string }) =>
        source.name === "broken.yaml"
      );
      assert.equal(broken.status, "failing");
      assert.match(broken.problem, /^broken\.yaml:3:5: /);
      assert.ok(!JSON.stringify(health).includes(dir), "no path of the server's");
      const found = await (await fetch(`${service.base}/search?query=slack`)).json();
      assert.ok(found.results.length > 0);
    } finally {
      await service.stop();
    }
    await Deno.remove(`${dir}/good.yaml`);
    const none = await startFailure({ CONFIG_DIR: dir, SKIP_INVALID_CONFIGS: "1" });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /Skipped .*broken\.yaml/);
    assert.match(none.stderr, /No config file of this directory is valid/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an empty or missing config directory stops the start", async () => {
  const empty = await Deno.makeTempDir();
  try {
    const none = await startFailure({ CONFIG_DIR: empty });
    assert.notEqual(none.code, 0);
    assert.match(none.stderr, /No config files/);
    const missing = await startFailure({ CONFIG_DIR: `${empty}/missing` });
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /Directory not found/);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
