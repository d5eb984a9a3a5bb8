// The live catalogue end to end: `deno serve main.ts` in its own process, over a socket, on a
// folder of YAML and MCP tool lists that a test edits, and two upstream MCP servers (the SDK's
// own, on loopback) of which one goes down.
import assert from "node:assert/strict";
import { serveEntry } from "../support/server.ts";
import { mcpTools, startUpstream } from "./_upstream.ts";

const slackYaml = (description: string) =>
  `name: slack
command: slack-cli
tools:
  - name: slack_post
    description: ${description}
    command: chat send
`;

const weatherList = JSON.stringify({
  name: "weather",
  tools: [{
    name: "forecast",
    description: "Forecast for a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
  }],
});

/** Polls `read` every 20 ms until `done` holds of what it returns; that value, or a failure. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) assert.fail(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

Deno.test("a served folder and two upstreams: an edit is searched without a restart, a broken edit keeps the last version, a dead upstream keeps its tools", async () => {
  const dir = await Deno.makeTempDir();
  const docs = startUpstream("docs", mcpTools("docs", 5));
  const tickets = startUpstream("tickets", mcpTools("tickets", 3));
  await Deno.writeTextFile(`${dir}/slack.yaml`, slackYaml("Post a message to a channel"));
  await Deno.writeTextFile(`${dir}/weather.mcp.json`, weatherList);
  const service = await serveEntry("main.ts", "/healthz", {
    CONFIG_DIR: dir,
    WATCH_CONFIG: "1",
    MCP_SERVERS: JSON.stringify({ docs: docs.url, tickets: { url: tickets.url } }),
    MCP_REFRESH_SECONDS: "1",
    MCP_TIMEOUT_SECONDS: "2",
  }, true);
  const get = async (path: string) => await (await fetch(`${service.base}${path}`)).json();
  try {
    // The upstreams' tools join as they answer: the start does not wait for them.
    const health = await until(() => get("/healthz"), (body) => body.tools === 1 + 1 + 5 + 3);
    assert.equal(health.status, "ok");
    assert.deepEqual((await get("/namespaces")).namespaces, [
      "docs",
      "slack",
      "tickets",
      "weather",
    ]);
    // The wire format stays CLImax's: no field is added to a result.
    const [forecast] = (await get("/search?query=forecast")).results;
    assert.deepEqual(Object.keys(forecast).sort(), [
      "category",
      "cli_name",
      "description",
      "input_schema",
      "tags",
      "tool_name",
    ]);

    // An edit, found by the next searches.
    await Deno.writeTextFile(`${dir}/slack.yaml`, slackYaml("Send a note to a team room"));
    await until(() => get("/search?query=team%20room"), (body) => body.results.length === 1);

    // A broken edit: the last version stays, /healthz says where the file is wrong.
    await Deno.writeTextFile(`${dir}/slack.yaml`, "name: slack\ncommand: [\n");
    const broken = await until(() => get("/healthz"), (body) => body.status === "degraded");
    const file = broken.sources.find((source: { name: string }) => source.name === "slack.yaml");
    assert.equal(file.status, "failing");
    assert.match(file.problem, /^slack\.yaml:\d+:\d+: /);
    assert.equal((await get("/search?query=team%20room")).results.length, 1);

    // Fixed: served again, and healthy.
    await Deno.writeTextFile(`${dir}/slack.yaml`, slackYaml("Post to a channel"));
    await until(() => get("/healthz"), (body) => body.status === "ok");
    assert.equal((await get("/tools/slack_post")).description, "Post to a channel");

    // An upstream killed: its tools still answer, and /healthz says which, what and since when.
    await docs.stop();
    const down = await until(() => get("/healthz"), (body) => body.status === "degraded");
    const server = down.sources.find((source: { name: string }) => source.name === "docs");
    assert.equal(server.kind, "mcp_server");
    assert.equal(server.status, "failing");
    assert.equal(server.tools, 5);
    assert.ok(server.problem.length > 0 && !Number.isNaN(Date.parse(server.since)));
    assert.equal((await get("/search?namespace=docs&limit=100")).results.length, 5);
    assert.equal((await get("/tools/docs:docs_2")).backend.url, docs.url);
  } finally {
    await service.stop();
    await docs.stop();
    await tickets.stop();
    await Deno.remove(dir, { recursive: true });
  }
  // The operator's log named the broken file with its line and column.
  assert.ok(
    service.stderr.first.some((line) => /slack\.yaml:\d+:\d+: /.test(line)),
    service.stderr.first.join("\n"),
  );
});
