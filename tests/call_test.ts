// Calling what is found: climax_call through the index to real servers (the everything reference
// server from npm and the SDK's own server, over stdio), on the local MCP server and the service's
// /mcp, with arguments checked first, failures as error results, cancellation and progress passed
// on; and the service's /mcp kept from pages of other sites.
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ToolRegistry } from "../mod.ts";
import { callTool } from "../src/call/call_tool.ts";
import { BackendUnavailableError } from "../src/errors.ts";
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";
import { INITIALIZE, MCP_HEADERS, ROOT, withStdioServer } from "./_mcp.ts";
import { runDeno } from "./_deno.ts";
import { everythingServer, faultServer, NO_VENV, stdioEntry, timeServer } from "./_servers.ts";
import { GIT_YAML } from "./_live.ts";

type Result = {
  content: { type: string; text?: string; data?: string; mimeType?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

/** The answer of `climax_call` of `tool_name` with `args`, as the client reads it. */
async function call(
  client: Client,
  tool_name: string,
  args: unknown,
  options?: Parameters<Client["callTool"]>[1],
): Promise<Result> {
  return await client.callTool(
    { name: "climax_call", arguments: { tool_name, args } },
    options,
  ) as Result;
}

/** The Python reference server from PyPI, when its virtual environment is there. */
const time = timeServer("UTC");

/**
 * An MCP config of the everything server, the SDK's fault server and the time server (when it
 * is installed), in a temporary folder.
 */
async function withMcpConfig(run: (config: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/mcp.json`,
      JSON.stringify({
        mcpServers: {
          everything: everythingServer(),
          fixture: faultServer(["--name", "fixture"]),
          ...(time === null ? {} : { time }),
        },
      }),
    );
    await run(`${dir}/mcp.json`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("climax_call on the local MCP server calls the everything server's tools and answers what they answer", async () => {
  await withMcpConfig(async (config) => {
    await withStdioServer(async (client) => {
      const echo = await call(client, "everything:echo", { message: "hello through the index" });
      assert.equal(echo.isError, undefined);
      assert.match(echo.content[0].text!, /hello through the index/);
      assert.deepEqual(echo._meta?.["tool-index/backend"], { kind: "mcp", id: "everything" });

      const sum = await call(client, "get-sum", { a: 2, b: 40 });
      assert.match(sum.content[0].text!, /42/);

      const structured = await call(client, "everything:get-structured-content", {
        location: "New York",
      });
      assert.equal(typeof structured.structuredContent, "object");

      // The server's progress reaches a client that asks for it.
      const steps: number[] = [];
      const long = await call(client, "everything:trigger-long-running-operation", {
        duration: 1,
        steps: 3,
      }, { onprogress: ({ progress }) => steps.push(progress) });
      assert.notEqual(long.isError, true);
      assert.ok(steps.length >= 2, `progress: ${steps}`);

      const image = await call(client, "everything:get-tiny-image", {});
      const png = image.content.find((block) => block.type === "image");
      assert.equal(png?.mimeType, "image/png");
      assert.ok((png?.data ?? "").length > 100);

      if (time === null) console.warn(`The time server is left out: ${NO_VENV}`);
      else {
        const now = await call(client, "time:get_current_time", { timezone: "Asia/Tokyo" });
        assert.notEqual(now.isError, true, "the server's own isError: false is passed on");
        assert.match(now.content[0].text!, /Asia\/Tokyo/);
      }

      // The index's own variables never reach an upstream; what a program needs does.
      const env = await call(client, "everything:get-env", {});
      assert.notEqual(env.isError, true);
      assert.match(JSON.stringify(env), /PATH/);
      assert.ok(!JSON.stringify(env).includes("index-only-secret"));
    }, { env: { MCP_CONFIG: config, AUTH_TOKEN: "index-only-secret" } });
  });
});

Deno.test("climax_call checks arguments against the input schema before anything is sent, and words each failure", async () => {
  await withMcpConfig(async (config) => {
    await withStdioServer(async (client) => {
      const typo = await call(client, "fixture:echo", { mesage: "hi" });
      assert.equal(typo.isError, true);
      assert.match(typo.content[0].text!, /Unknown argument "mesage": did you mean "message"\?/);
      assert.match(typo.content[0].text!, /Missing required argument "message"/);
      assert.match(typo.content[0].text!, /Nothing was sent/);

      const wrong = await call(client, "everything:get-sum", { a: "two", b: 3 });
      assert.match(wrong.content[0].text!, /Argument "a" must be a number, got the string "two"/);

      const notObject = await call(client, "fixture:echo", ["hi"]);
      assert.equal(notObject.isError, true);

      for (const trick of ["../fixture:echo", "http://evil.example/echo", "fixture:echo/../x"]) {
        const answer = await call(client, trick, {});
        assert.equal(answer.isError, true, trick);
        assert.match(answer.content[0].text!, /Unknown tool/, trick);
      }
    }, { env: { MCP_CONFIG: config } });
  });
});

Deno.test("a call past MCP_CALL_TIMEOUT_SECONDS is an error result, progress reaches a client that asks, and cancelling stops the call", async () => {
  await withMcpConfig(async (config) => {
    await withStdioServer(async (client) => {
      const progress: number[] = [];
      const done = await call(client, "fixture:slow", { ms: 400 }, {
        onprogress: ({ progress: step }) => progress.push(step),
      });
      assert.match(done.content[0].text!, /slept 400 ms/);
      assert.ok(progress.length >= 2, `progress: ${progress}`);

      const late = await call(client, "fixture:slow", { ms: 5000 });
      assert.equal(late.isError, true);
      assert.match(late.content[0].text!, /did not answer within 2 s/);

      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      await assert.rejects(
        call(client, "fixture:slow", { ms: 5000 }, { signal: controller.signal }),
      );
      // The server is well after both: the next call is answered.
      const again = await call(client, "fixture:echo", { message: "still here" });
      assert.match(again.content[0].text!, /still here/);
    }, { env: { MCP_CONFIG: config, MCP_CALL_TIMEOUT_SECONDS: "2" } });
  });
});

Deno.test("a server that dies in a call answers an error naming it, and the next call starts it again", async () => {
  await withMcpConfig(async (config) => {
    await withStdioServer(async (client) => {
      const died = await call(client, "fixture:crash", {});
      assert.equal(died.isError, true);
      assert.match(died.content[0].text!, /the MCP server fixture: /);
      const back = await call(client, "fixture:echo", { message: "restarted" });
      assert.match(back.content[0].text!, /restarted/);
    }, { env: { MCP_CONFIG: config } });
  });
});

Deno.test("100 calls in flight to one stdio server are all answered, none mixed up", async () => {
  await withFixture(async (catalogue) => {
    const answers = await Promise.all(
      Array.from(
        { length: 100 },
        (_, i) =>
          callTool(catalogue.registry, "fixture:echo", { message: `call ${i}` }, {
            callers: catalogue.callers,
            timeoutMs: 10_000,
            maxAnswerBytes: 1 << 20,
          }),
      ),
    );
    answers.forEach((answer, i) => {
      assert.equal((answer.content[0] as { text: string }).text, `call ${i}`);
    });
  });
});

Deno.test("a tool with two backends goes to the next when the chosen one is down, and the answer says which served it", async () => {
  const registry = new ToolRegistry();
  const tool = { namespace: "dates", name: "today", input_schema: { type: "object" } };
  registry.register(tool, { kind: "local", id: "today" });
  registry.register(tool, { kind: "mcp", id: "dates", url: null });
  registry.register(tool, { kind: "mcp", id: "calendar", url: null });
  const result = await callTool(registry, "dates:today", {}, {
    callers: {
      local: () => Promise.reject(new BackendUnavailableError("the handler is restarting")),
      mcp: (backend) =>
        Promise.resolve({ content: [{ type: "text", text: `2026-11-27 from ${backend.id}` }] }),
    },
    // The newest first: not the order they were registered in.
    selectBackend: (backends) => backends[backends.length - 1],
    timeoutMs: 1000,
    maxAnswerBytes: 1024,
  });
  assert.deepEqual(result.content, [{ type: "text", text: "2026-11-27 from calendar" }]);
  assert.deepEqual(result._meta?.["tool-index/backend"], { kind: "mcp", id: "calendar" });

  const none = await callTool(registry, "today", {}, {
    callers: {},
    notHere: { local: "handlers run in the library only" },
    timeoutMs: 1000,
    maxAnswerBytes: 1024,
  });
  assert.equal(none.isError, true);
  assert.match(
    (none.content[0] as { text: string }).text,
    /dates:today cannot be called now: handlers run in the library only; mcp tools cannot be called here/,
  );
  const big = await callTool(registry, "today", {}, {
    callers: {
      local: () => Promise.resolve({ content: [{ type: "text", text: "x".repeat(5000) }] }),
    },
    timeoutMs: 1000,
    maxAnswerBytes: 1024,
  });
  assert.equal(big.isError, true);
  assert.match((big.content[0] as { text: string }).text, /over the limit of 1024/);
});

/**
 * Runs `run` with a live catalogue, ready, of a folder holding a git config and of the SDK's
 * fault server as the upstream `fixture`; the operator's messages are collected.
 */
async function withFixture(
  run: (catalogue: LiveCatalogue, messages: string[]) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/git.yaml`, GIT_YAML);
  const messages: string[] = [];
  const catalogue = await LiveCatalogue.open({
    dir,
    upstreams: [stdioEntry("fixture", faultServer())],
    report: (message) => messages.push(message),
  });
  try {
    await catalogue.ready();
    await run(catalogue, messages);
  } finally {
    await catalogue.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * A client of the service's /mcp, answered by `app` in this process, with `headers`; the session
 * IDs the service gives it are pushed to `sessions`.
 */
async function serviceClient(
  app: ReturnType<typeof createApp>,
  headers: Record<string, string> = {},
  sessions: string[] = [],
): Promise<Client> {
  const client = new Client({ name: "call-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1:8000/mcp"), {
      fetch: async (url, init) => {
        const request = new Request(url, init);
        for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
        const response = await app.fetch(request);
        const session = response.headers.get("Mcp-Session-Id");
        if (session !== null) sessions.push(session);
        return response;
      },
    }),
  );
  return client;
}

Deno.test("the service's /mcp calls an MCP server's tool, says where a CLI tool runs, and refuses pages of other sites", async () => {
  await withFixture(async (catalogue) => {
    const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
    const client = await serviceClient(app);
    const echo = await call(client, "fixture:echo", { message: "over HTTP" });
    assert.match(echo.content[0].text!, /over HTTP/);
    const cli = await call(client, "git:git_log", {});
    assert.equal(cli.isError, true);
    assert.match(cli.content[0].text!, /local MCP server \(deno task mcp\)/);
    await client.close();

    const post = (headers: Record<string, string>) =>
      app.request("http://127.0.0.1:8000/mcp", {
        method: "POST",
        headers: { ...MCP_HEADERS, ...headers },
        body: INITIALIZE,
      });
    const rebinding = await post({ Host: "evil.example" });
    assert.equal(rebinding.status, 403);
    const foreign = await post({ Origin: "http://evil.example" });
    assert.equal(foreign.status, 403);
    const form = await post({ "Content-Type": "text/plain" });
    assert.equal(form.status, 415, "a plain form cannot post to it");
    const own = await post({ Origin: "http://127.0.0.1:8000" });
    assert.equal(own.status, 200);

    // The same call for agents without MCP, under the same rules.
    const route = (name: string, headers: Record<string, string>, body: string) =>
      app.request(`http://127.0.0.1:8000/tools/${name}/call`, { method: "POST", headers, body });
    const json = { "Content-Type": "application/json" };
    const answered = await route("fixture:echo", json, JSON.stringify({ message: "plain HTTP" }));
    assert.equal(answered.status, 200);
    const result = await answered.json();
    assert.deepEqual(result.content, [{ type: "text", text: "plain HTTP" }]);
    assert.deepEqual(result._meta["tool-index/backend"], { kind: "mcp", id: "fixture" });
    assert.equal((await route("fixture:echo", { "Content-Type": "text/plain" }, "{}")).status, 415);
    assert.equal(
      (await route("fixture:echo", { ...json, Host: "evil.example" }, "{}")).status,
      403,
    );
    assert.equal((await route("fixture:nothing", json, "{}")).status, 404);
    const refused = await (await route("fixture:echo", json, JSON.stringify({ mesage: 1 })))
      .json();
    assert.equal(refused.isError, true);
    const openapi = await (await app.request("http://127.0.0.1:8000/openapi.json")).json();
    assert.ok(openapi.paths["/tools/{tool_name}/call"].post, "documented");
  });
});

Deno.test("a client's cancellation through the service's /mcp reaches the server, and only its own session's", async () => {
  await withFixture(async (catalogue, messages) => {
    const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
    const sessions: string[] = [];
    const client = await serviceClient(app, {}, sessions);
    assert.equal(sessions.length, 1, "initialize gives the client a session");

    // Another client's cancellation of a request with the same id stops nothing.
    const slow = call(client, "fixture:slow", { ms: 600 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stranger = await app.request("http://127.0.0.1:8000/mcp", {
      method: "POST",
      headers: { ...MCP_HEADERS, "Mcp-Session-Id": crypto.randomUUID() },
      body: JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1 },
      }),
    });
    assert.equal(stranger.status, 202);
    assert.match((await slow).content[0].text!, /slept 600 ms/);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(
      call(client, "fixture:slow", { ms: 5000 }, { signal: controller.signal }),
    );
    const deadline = Date.now() + 3000;
    while (!messages.some((message) => message.includes("slow was cancelled"))) {
      if (Date.now() > deadline) assert.fail(`the server saw no cancellation: ${messages}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.close();
  });
});

Deno.test("a tool the policy denies is neither found, got nor called, by ID, bare name or another case", async () => {
  await withMcpConfig(async (config) => {
    const dir = await Deno.makeTempDir();
    const policy = `${dir}/servers.policy.yaml`;
    await Deno.writeTextFile(
      policy,
      'default: enabled\nservers:\n  fixture:\n    deny: ["ech*"]\n',
    );
    try {
      await withStdioServer(async (client) => {
        // The fixture's other tools come: the denied one does not.
        const slow = await call(client, "fixture:slow", { ms: 10 });
        assert.match(slow.content[0].text!, /slept 10 ms/);
        for (const reference of ["fixture:echo", "FIXTURE:ECHO"]) {
          const answer = await call(client, reference, { message: "hi" });
          assert.equal(answer.isError, true, reference);
          assert.match(answer.content[0].text!, /Unknown tool/, reference);
        }
        // Without the denied one, the bare name is the other server's tool alone.
        const bare = await call(client, "echo", { message: "hi" });
        assert.deepEqual(bare._meta?.["tool-index/backend"], { kind: "mcp", id: "everything" });
        const got = await client.callTool({
          name: "climax_get",
          arguments: { tool_name: "fixture:echo" },
        }) as Result;
        assert.equal(got.isError, true);
        const found = await client.callTool({
          name: "climax_search",
          arguments: { query: "echo a message", namespace: "fixture" },
        }) as Result;
        assert.ok(!found.content[0].text!.includes('"tool_name":"echo"'));
      }, { env: { MCP_CONFIG: config, POLICY_FILE: policy } });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("a service that reaches no MCP server offers no call", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/git.yaml`, GIT_YAML);
  const catalogue = await LiveCatalogue.open({ dir, report: () => {} });
  try {
    const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
    const answer = await app.request("http://127.0.0.1:8000/tools/git_log/call", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    assert.equal(answer.status, 404);
    assert.match((await answer.json()).detail, /calls no tools/);
    const client = await serviceClient(app);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ["climax_search", "climax_get"]);
    await client.close();
  } finally {
    await catalogue.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task start refuses another address than loopback without AUTH_TOKEN when it names MCP servers", async () => {
  const start = [
    "run",
    "--allow-read",
    "--allow-env",
    "--allow-net",
    "--allow-run",
    "scripts/start.ts",
  ];
  const { code, stderr } = await runDeno(start, {
    cwd: ROOT,
    env: { HOST: "0.0.0.0", PORT: "0", MCP_SERVERS: '{"docs": "http://127.0.0.1:9/mcp"}' },
  });
  assert.equal(code, 1);
  assert.match(stderr, /HOST=0\.0\.0\.0 lets other machines call the tools .* set AUTH_TOKEN/);
});

Deno.test("a cancelled call is cancelled at the server, and an answer over the cap (or of 50 MB) is refused, saying so", async () => {
  await withFixture(async (catalogue, messages) => {
    const options = { callers: catalogue.callers, timeoutMs: 10_000, maxAnswerBytes: 4 << 20 };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const cancelled = await callTool(catalogue.registry, "fixture:slow", { ms: 3000 }, {
      ...options,
      signal: controller.signal,
    });
    assert.equal(cancelled.isError, true);
    assert.match((cancelled.content[0] as { text: string }).text, /was cancelled/);
    const deadline = Date.now() + 5000;
    while (!messages.some((message) => message.includes("slow was cancelled"))) {
      if (Date.now() > deadline) assert.fail(`the server saw no cancellation: ${messages}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const big = await callTool(catalogue.registry, "fixture:big", { mb: 6 }, options);
    assert.equal(big.isError, true);
    assert.match((big.content[0] as { text: string }).text, /over the limit of 4194304/);
    // Past what the SDK reads of one stdio message, the server's connection ends: said so.
    const huge = await callTool(catalogue.registry, "fixture:big", { mb: 50 }, options);
    assert.equal(huge.isError, true);
    assert.match((huge.content[0] as { text: string }).text, /answer was over 10 MiB/);
    const fine = await callTool(catalogue.registry, "fixture:echo", { message: "after" }, options);
    assert.deepEqual(fine.content, [{ type: "text", text: "after" }]);
  });
});

Deno.test("without AUTH_TOKEN, a service that calls tools answers this machine alone, whatever Host is named", async () => {
  const dir = await Deno.makeTempDir();
  const catalogue = await LiveCatalogue.open({
    dir,
    upstreams: [{
      namespace: "x",
      transport: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: {},
      place: "test",
    }],
    report: () => {},
  });
  try {
    const request = () =>
      new Request("http://127.0.0.1:8000/tools/x:y/call", {
        method: "POST",
        headers: { "Content-Type": "application/json", Host: "localhost" },
        body: "{}",
      });
    const from = (hostname: string) => ({ remoteAddr: { transport: "tcp", hostname, port: 5 } });
    const open = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
    assert.equal((await open.fetch(request(), from("192.168.1.20"))).status, 403);
    assert.notEqual((await open.fetch(request(), from("127.0.0.1"))).status, 403);
    const guarded = createApp(catalogue, {
      ...settingsFromEnv(() => undefined),
      logRequests: false,
      authToken: "t0ken",
    });
    const withToken = request();
    withToken.headers.set("Authorization", "Bearer t0ken");
    assert.notEqual((await guarded.fetch(withToken, from("192.168.1.20"))).status, 403);
  } finally {
    await catalogue.close();
    await Deno.remove(dir, { recursive: true });
  }
});
