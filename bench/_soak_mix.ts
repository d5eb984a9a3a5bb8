// The request mix of the soak (bench/soak.ts): requests generated from the running service's own
// tools and the agent requests of tests/fixtures/agent_queries.json, with a fixed seed so that
// every run sends the same mix; and the check, before the load, that each distinct request
// answers the status class it is meant to.
import { Random } from "../support/corpus.ts";

interface Tool {
  tool_name: string;
  description: string;
  cli_name: string;
  category: string | null;
  tags: string[];
}

/** Every tool of the running service, through /search's pages. */
async function allTools(base: string): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const response = await fetch(
      `${base}/search?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    const page: { results: Tool[]; next_cursor: string | null } = await response.json();
    tools.push(...page.results);
    cursor = page.next_cursor;
  }
  return tools;
}

/** The status classes a request may answer with: 2 for 2xx, and so on. */
type Classes = readonly number[];

/** A request of the mix, and the status classes it must answer with. */
export interface Line {
  method: string;
  path: string;
  headers: Record<string, string>;
  expect: Classes;
}

const OK: Classes = [2];
const REFUSED: Classes = [4];

/** How many requests the mix holds, and the seed that makes every run send the same ones. */
export interface MixSize {
  count: number;
  seed: number;
}

/**
 * `size.count` requests built from the tools of the service at `base`, the agent requests, and
 * the ETag of its /summary for the conditional ones.
 */
export async function generateMix(base: string, size: MixSize): Promise<Line[]> {
  const tools = await allTools(base);
  const agentQueries = (JSON.parse(
    await Deno.readTextFile(new URL("../tests/fixtures/agent_queries.json", import.meta.url)),
  ) as { query: string }[]).map((entry) => entry.query);
  const probe = await fetch(`${base}/summary`);
  await probe.body?.cancel();
  return mix(tools, agentQueries, probe.headers.get("ETag") ?? "", size);
}

/**
 * `count` requests built from the service's tools and the agent requests, with `etag` for the
 * conditional ones: about 34% substring searches, 29% ranked, 5% /summary, 15% /tools/{name},
 * 3% conditional and 14% invalid.
 */
function mix(
  tools: Tool[],
  agentQueries: string[],
  etag: string,
  { count, seed }: MixSize,
): Line[] {
  const random = new Random(seed);
  /** A whole number from `min` to `max`, both included. */
  const between = (min: number, max: number) => min + random.int(max - min + 1);
  const pick = <T>(items: readonly T[]): T => random.pick(items);
  const chance = (p: number) => random.chance(p);
  const q = encodeURIComponent;
  const names = tools.map((tool) => tool.tool_name);
  const clis = [...new Set(tools.map((tool) => tool.cli_name))];
  const categories = [...new Set(tools.flatMap((tool) => tool.category ?? []))];
  const descriptions = tools.map((tool) => tool.description.split(/[^\p{L}\p{N}]+/u));
  const words = [
    ...new Set([
      ...descriptions.flat(),
      ...names.flatMap((name) => name.split("_")),
      ...tools.flatMap((tool) => tool.tags),
    ].filter((word) => word.length >= 3)),
  ];
  const oddText = [".*", "[", "(a|b)", "\\d+", "café", "ﬁle", "日本語", "🚀", "%", "+", "ß", " "];
  const casing = (text: string) => chance(0.2) ? text.toUpperCase() : text;
  const limit = (p: number) => chance(p) ? `&limit=${between(0, 100)}` : "";
  const filters = (category: number, cli: number) =>
    (chance(category) ? `&category=${q(casing(pick(categories)))}` : "") +
    (chance(cli) ? `&cli=${q(pick(clis))}` : "");
  const typo = (text: string) =>
    text.replace(/\p{L}{5,}/u, (word) => {
      const i = between(0, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    });

  /** A slice of `items`, `length` long, at a random place. */
  const span = <T>(items: readonly T[], length: number) => {
    const start = between(0, Math.max(0, items.length - length));
    return items.slice(start, start + length);
  };

  const substring = () => {
    const roll = random.next();
    const query = roll < 0.5
      ? span([...pick(words)], between(2, 8)).join("")
      : roll < 0.65
      ? span(pick(descriptions), 2).join(" ")
      : roll < 0.75
      ? casing(pick(chance(0.8) ? names : clis))
      : roll < 0.85
      ? pick(oddText) + (chance(0.5) ? pick(words) : "")
      : roll < 0.95
      ? Array.from({ length: between(3, 6) }, () => String.fromCharCode(between(97, 122))).join("")
      : "";
    return `/search?query=${q(query)}${limit(0.6)}${filters(0.25, 0.15)}${
      chance(0.1) ? "&mode=substring" : ""
    }`;
  };

  const ranked = () => {
    const roll = random.next();
    const agent = pick(agentQueries);
    const query = roll < 0.3
      ? agent
      : roll < 0.4
      ? typo(agent)
      : roll < 0.45
      ? agent.slice(0, between(Math.ceil(agent.length / 2), agent.length - 1))
      : roll < 0.85
      ? pick(["", "how do I ", "I want to ", "please ", "can you ", "show me how to "]) +
        Array.from({ length: between(2, 5) }, () => pick(pick(descriptions))).join(" ")
      : Array.from({ length: between(2, 4) }, () => pick(words)).join(" ");
    return `/search?mode=ranked&query=${q(query)}${limit(0.5)}${filters(0.1, 0.1)}`;
  };

  const summary = () => chance(0.3) ? "/summary" : `/summary?limit=${between(0, 100)}`;
  const tool = () => `/tools/${q(pick(names))}`;

  const invalid = (): Line => {
    const get = (path: string, expect = REFUSED): Line => ({
      method: "GET",
      path,
      headers: {},
      expect,
    });
    const word = q(pick(words));
    switch (between(0, 9)) {
      case 0:
        return get(
          `/search?query=${word}&limit=${
            q(pick(["abc", "-1", "101", "1.5", "1e3", "", "0x10", "9999999999", " 5"]))
          }`,
        );
      case 1:
        return get(`/summary?limit=${pick(["all", "-3", String(between(101, 100_000))])}`);
      case 2:
        return get(
          pick([`/search?qurey=${word}`, `/search?q=${word}`, `/summary?query=${word}`]) +
            `&page=${between(1, 9)}`,
        );
      case 3:
        return get(`/tools/${q(pick(names))}_${between(0, 99_999)}`);
      case 4:
        return get(
          chance(0.7)
            ? `/search?query=${"a".repeat(between(1001, 2000))}`
            : `/search?category=${"c".repeat(between(201, 400))}`,
        );
      case 5:
        // An undecodable value is kept as text (2xx) or refused (4xx); an undecodable name or
        // path is refused.
        return chance(0.5)
          ? get(`/search?query=${pick(["%E0%A4%A", "%zz", "%C3%28", "%"])}${word}`, [2, 4])
          : get(pick([`/tools/%E0%A4%A${word}`, `/search?%zz${word}=1`, `/tools/${word}%`]));
      case 6:
        return {
          method: pick(["POST", "PUT", "DELETE", "PATCH"]),
          path: pick(["/search", "/summary", `/tools/${q(pick(names))}`, "/healthz"]),
          headers: {},
          expect: REFUSED,
        };
      case 7:
        return get(`/search?query=${word}&mode=${pick(["fuzzy", "RANKED", "bm25"])}`);
      case 8:
        return get(
          pick([`/search?query=${word}&cursor=${word}`, `/search?query=${word}&query=${word}`]),
        );
      default:
        return get(`/${word}/${between(0, 99)}`);
    }
  };

  /** A successful GET, asked for compression some of the time. */
  const ok = (path: string): Line => {
    const roll = random.next();
    const encoding = roll < 0.6
      ? undefined
      : roll < 0.8
      ? "gzip"
      : roll < 0.95
      ? "br"
      : "gzip, deflate, br";
    return {
      method: "GET",
      path,
      headers: encoding ? { "Accept-Encoding": encoding } : {},
      expect: OK,
    };
  };

  const lines: Line[] = [];
  while (lines.length < count) {
    const roll = random.next();
    lines.push(
      roll < 0.34
        ? ok(substring())
        : roll < 0.63
        ? ok(ranked())
        : roll < 0.68
        ? ok(summary())
        : roll < 0.83
        ? ok(tool())
        : roll < 0.86
        ? {
          method: "GET",
          path: pick([substring(), summary(), tool()]),
          headers: { "If-None-Match": etag },
          expect: [3],
        }
        : invalid(),
    );
  }
  return lines;
}

/** The key of a line in the request file, which is also how wrk sends it. */
export function lineText(line: Line): string {
  return [line.method, line.path, ...Object.entries(line.headers).map(([k, v]) => `${k}: ${v}`)]
    .join("\t");
}

/**
 * Sends every distinct line once, a few at a time, and returns those whose status is not in
 * their expected classes.
 */
export async function mismatches(base: string, lines: Line[]): Promise<string[]> {
  const distinct = [...new Map(lines.map((line) => [lineText(line), line])).values()];
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const line = distinct[next++];
      const response = await fetch(`${base}${line.path}`, {
        method: line.method,
        headers: line.headers,
      });
      await response.body?.cancel();
      if (!line.expect.includes(Math.floor(response.status / 100))) {
        wrong.push(`${response.status} for ${lineText(line).slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return wrong;
}
