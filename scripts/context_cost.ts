// `deno task context-cost`: what progressive discovery saves an agent's context. It measures,
// through the MCP SDK's own client against the app in this process, the bytes and tokens
// (o200k_base, the encoding of current OpenAI models) of tools/list with every bundled tool
// listed directly, as CLImax's classic mode lists them, beside tools/list of the two
// meta-tools and typical answers of each, over a registry with the service's hybrid search, as
// the service's climax_search searches by default.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { encode } from "npm:gpt-tokenizer@4.0.0/encoding/o200k_base";
import { loadConfigDir, ToolIndex, ToolRegistry } from "../mod.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createHybridSearcher, readStoredVectors } from "../src/catalogue/hybrid_mode.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";

const CONFIGS = new URL("../configs/", import.meta.url);
const configs = await loadConfigDir(CONFIGS);
const index = ToolIndex.fromConfigs(configs);
const registry = new ToolRegistry({
  searchers: { hybrid: await createHybridSearcher(readStoredVectors(CONFIGS, console.warn)) },
});
for (const config of configs) registry.registerConfig(config);
const client = await clientOf(registry);

/** The SDK's client, connected to the service's /mcp over `registry`, in this process. */
async function clientOf(registry: ToolRegistry): Promise<Client> {
  const app = createApp(fixedCatalogue(registry), {
    ...settingsFromEnv(() => undefined),
    logRequests: false,
  });
  const client = new Client({ name: "context-cost", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      fetch: async (url, init) => await app.fetch(new Request(url, init)),
    }),
  );
  return client;
}

/** The text of the tool `name`'s answer to `args` through `client`. */
async function textOf(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  return (result.content as { text: string }[])[0].text;
}

function answer(name: string, args: Record<string, unknown>): Promise<string> {
  return textOf(client, name, args);
}

const direct = JSON.stringify({
  tools: index.search({ limit: index.size }).map((entry) => ({
    name: entry.tool_name,
    description: entry.description,
    inputSchema: entry.input_schema,
  })),
});
const meta = JSON.stringify(await client.listTools());
const queries = ["container", "commit", "branch", "log", "pod", "video", "json", "bucket"];
const searches = await Promise.all(
  queries.map((query) => answer("climax_search", { query, limit: 5 })),
);
const summaries = await Promise.all(
  queries.map((query) => answer("climax_search", { query, limit: 5, detail: "summary" })),
);
const summary = await answer("climax_search", {});
const get = await answer("climax_get", { tool_name: "docker_ps" });
await client.close();

const rows: [string, string][] = [
  [`tools/list, all ${index.size} bundled tools listed directly`, direct],
  ["tools/list, the two meta-tools", meta],
  [`climax_search answer, no filter (summary of all ${index.summary().length} CLIs)`, summary],
  ["climax_get answer (docker_ps)", get],
];
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const searchBytes = median(searches.map((text) => new TextEncoder().encode(text).length));
const searchTokens = median(searches.map((text) => encode(text).length));
const summaryBytes = median(summaries.map((text) => new TextEncoder().encode(text).length));
const summaryTokens = median(summaries.map((text) => encode(text).length));
// Each query's summary answer against its full one; and all of them against all.
const shares = summaries.map((text, i) => encode(text).length / encode(searches[i]).length);
const total = (texts: string[]) => texts.reduce((sum, text) => sum + encode(text).length, 0);

console.log(
  `\n## Context cost of progressive discovery (${index.size} tools, ${index.summary().length} CLIs)\n`,
);
console.log("| what the agent reads | bytes | tokens (o200k_base) |");
console.log("|---|---:|---:|");
for (const [name, text] of rows) {
  console.log(`| ${name} | ${new TextEncoder().encode(text).length} | ${encode(text).length} |`);
}
console.log(
  `| climax_search answer at limit 5, median of ${queries.length} queries (${
    queries.join(", ")
  }) | ${searchBytes} | ${searchTokens} |`,
);
console.log(
  `| the same with detail "summary" (no input_schema, no tags, description cut) | ${summaryBytes} | ${summaryTokens} |`,
);
console.log(
  `\nSummary answers cost ${
    (total(summaries) / total(searches)).toFixed(2)
  } of the full answers' tokens, all queries together (per query: median ${
    median(shares).toFixed(2)
  }, at most ${Math.max(...shares).toFixed(2)}).`,
);
const directTokens = encode(direct).length;
const metaTokens = encode(meta).length;
console.log(
  `\nListing the two meta-tools costs ${
    (directTokens / metaTokens).toFixed(0)
  }× fewer tokens than listing every tool; a search (${searchTokens} tokens) and a get (${
    encode(get).length
  }) together stay ${
    (directTokens / (metaTokens + searchTokens + encode(get).length)).toFixed(0)
  }× under the full listing.`,
);

// With an MCP config file as its argument, the same for the tools of the servers it names: what
// a client loads when it starts them all, beside what it loads connected to the index alone.
const mcpConfig = Deno.args[0];
if (mcpConfig !== undefined) await serversCost(mcpConfig);

async function serversCost(path: string): Promise<void> {
  const { parseMcpConfig } = await import("../src/config/mcp_config.ts");
  const { connectUpstream } = await import("../src/upstream/connection.ts");
  const servers = parseMcpConfig(await Deno.readTextFile(path), {
    source: path,
    env: (name) => Deno.env.get(name),
  });
  const lists: string[] = [];
  const registry = new ToolRegistry({ searchers: { hybrid: await createHybridSearcher() } });
  for (const server of servers) {
    const connection = await connectUpstream(server, { timeoutMs: 120_000, maxPages: 100 });
    try {
      const tools = await connection.listTools();
      lists.push(JSON.stringify({ tools }));
      registry.registerMcpTools(connection.server, tools);
    } finally {
      await connection.close();
    }
  }
  const client = await clientOf(registry);
  const text = (name: string, args: Record<string, unknown>) => textOf(client, name, args);
  const search = await text("climax_search", { query: "what time is it in Tokyo", limit: 5 });
  const [first] = registry.search({ query: "what time is it in Tokyo", mode: "ranked", limit: 1 });
  const get = await text("climax_get", { tool_name: first.id });
  const metaList = JSON.stringify(await client.listTools());
  await client.close();
  const tokens = (texts: string[]) => texts.reduce((sum, text) => sum + encode(text).length, 0);
  const bytes = (texts: string[]) =>
    texts.reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
  console.log(
    `\n## The servers of ${
      path.slice(path.lastIndexOf("/") + 1)
    } (${registry.size} tools, ${servers.length} servers)\n`,
  );
  console.log("| what the agent's context holds | bytes | tokens (o200k_base) |");
  console.log("|---|---:|---:|");
  console.log(`| every server connected: each tools/list | ${bytes(lists)} | ${tokens(lists)} |`);
  console.log(`| the index alone: its tools/list | ${bytes([metaList])} | ${tokens([metaList])} |`);
  console.log(
    `| then a climax_search (limit 5) and a climax_get (${first.id}) | ${bytes([search, get])} | ${
      tokens([search, get])
    } |`,
  );
}
