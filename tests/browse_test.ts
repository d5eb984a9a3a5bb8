// The browse page as a browser asks for it, through `app.request()`: HTML only for an explicit
// `text/html`, the search its URL names, paging, its own ETag, and a strict Content-Security-Policy.
import assert from "node:assert/strict";
import { loadCatalogue } from "../src/catalogue/load.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { type ServiceSettings, settingsFromEnv } from "../src/http/settings.ts";

const { registry } = await loadCatalogue(undefined, { warn: () => {} });
const catalogue = fixedCatalogue(registry);
function app(overrides: Partial<ServiceSettings> = {}) {
  return createApp(catalogue, {
    ...settingsFromEnv(() => undefined),
    logRequests: false,
    ...overrides,
  });
}
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app().request(path, { headers: { Accept: BROWSER, ...headers } });
  return { response, html: await response.text() };
}

Deno.test("GET / answers HTML only to an explicit text/html, and JSON to everyone else", async () => {
  const { response, html } = await page("/");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.match(html, /^<!DOCTYPE html><html lang="en">/);
  assert.match(response.headers.get("Vary") ?? "", /\bAccept\b/);
  for (const accept of [undefined, "*/*", "application/json"]) {
    const headers: Record<string, string> = accept === undefined ? {} : { Accept: accept };
    const json = await app().request("/", { headers });
    assert.match(json.headers.get("Content-Type") ?? "", /^application\/json/, String(accept));
    assert.equal((await json.json()).name, "tool-index");
  }
});

Deno.test("the page's search form uses the API's parameter names, and its URL runs the search", async () => {
  const { html: empty } = await page("/");
  for (const name of ["query", "mode", "category", "cli"]) {
    assert.match(empty, new RegExp(`<label for="${name}">`), name);
    assert.match(empty, new RegExp(`name="${name}"`), name);
  }
  const query = "show the containers that are up";
  const expected = registry.search({ query, mode: "ranked", limit: 10 }).map((e) => e.tool_name);
  const { response, html } = await page(`/?query=${encodeURIComponent(query)}`);
  assert.equal(response.status, 200);
  const shown = [...html.matchAll(/<a href="\/tools\/([^"]+)"><strong>/g)].map((m) => m[1]);
  assert.deepEqual(shown, expected, "ranked by default, in the API's order");
  const filtered = await page("/?cli=git&mode=substring");
  const names = [...filtered.html.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
  assert.ok(names.length > 0 && names.every((name) => name.startsWith("git_")), names.join());
});

Deno.test("the page pages with the API's cursors; a bad parameter or cursor is a 400 page saying so", async () => {
  const { html } = await page("/?cli=aws&mode=substring");
  const next = /<a href="([^"]+)" rel="next">/.exec(html)?.[1].replaceAll("&amp;", "&");
  assert.ok(next?.includes("cursor="), "a next link with a cursor");
  const second = await page(next!);
  const expected = registry.search({ cli: "aws", limit: 20 }).slice(10).map((e) => e.tool_name);
  const shown = [...second.html.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
  assert.deepEqual(shown, expected);
  const bad = await page("/?mode=fuzzy");
  assert.equal(bad.response.status, 400);
  assert.match(bad.html, /<p class="problem" role="alert">[^<]*mode/);
  const stale = await page("/?query=git&cursor=0.0000000000000000");
  assert.equal(stale.response.status, 400);
  assert.match(stale.html, /<p class="problem" role="alert">[^<]*cursor/);
});

Deno.test("the page has its own ETag, a strict CSP, and loads nothing from elsewhere", async () => {
  const { response, html } = await page("/");
  const json = await app().request("/");
  await json.body?.cancel();
  const tag = response.headers.get("ETag")!;
  assert.notEqual(tag, json.headers.get("ETag"));
  // The JSON's tag does not revalidate the page, nor the page's the JSON.
  assert.equal(
    (await page("/", { "If-None-Match": json.headers.get("ETag")! })).response.status,
    200,
  );
  assert.equal((await page("/", { "If-None-Match": tag })).response.status, 304);
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.doesNotMatch(html, /<script>|<style>| style="/, "nothing inline");
  for (const [, url] of html.matchAll(/(?:href|src)="([^"]+)"/g)) {
    assert.ok(url.startsWith("/"), `${url} is on this service`);
  }
  const style = await app().request("/assets/browse.css");
  assert.equal(style.status, 200);
  assert.match(style.headers.get("Content-Type") ?? "", /^text\/css/);
  assert.match(await style.text(), /prefers-color-scheme: dark/);
});

Deno.test("AUTH_TOKEN protects the page as it protects the API", async () => {
  const locked = app({ authToken: "secret" });
  const refused = await locked.request("/", { headers: { Accept: BROWSER } });
  assert.equal(refused.status, 401);
  await refused.body?.cancel();
  const allowed = await locked.request("/", {
    headers: { Accept: BROWSER, Authorization: "Bearer secret" },
  });
  assert.equal(allowed.status, 200);
  await allowed.body?.cancel();
});

/** The text of HTML with its character references made characters again. */
function unescaped(html: string): string {
  return html.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

Deno.test("a tool's page shows its arguments, what it runs, env masked, and the API's JSON", async () => {
  const { response, html } = await page("/tools/git_log");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Vary") ?? "", /\bAccept\b/);
  assert.match(html, /<h1>git_log<\/h1>/);
  const api = await (await app().request("/tools/git_log")).json();
  const rows = [...html.matchAll(/<th scope="row"><code>([^<]+)<\/code><\/th>/g)].map((m) => m[1]);
  assert.deepEqual(rows, Object.keys(api.input_schema.properties));
  assert.match(html, /<td><code class="flag">--max-count<\/code> value<\/td>/);
  const shown = /<h2 id="json">.*?<pre><code>(.*?)<\/code><\/pre>/s.exec(html)?.[1];
  assert.deepEqual(JSON.parse(unescaped(shown ?? "")), api, "the JSON an agent gets, unchanged");
  for (const value of Object.values(api.env as Record<string, string>)) {
    assert.equal(value, "********", "env values masked as the API masks them");
  }
  assert.ok(Object.keys(api.env).length > 0, "git's config sets env, so masking is tested");
});

Deno.test("a missing tool's page is an HTML 404 naming the closest; the API keeps its problem", async () => {
  const { response, html } = await page("/tools/git_lgo");
  assert.equal(response.status, 404);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.match(html, /<a href="\/tools\/git%3Agit_log">git:git_log<\/a>/);
  const api = await app().request("/tools/git_lgo");
  assert.equal(api.status, 404);
  assert.equal(api.headers.get("Content-Type"), "application/problem+json");
  await api.body?.cancel();
});

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

Deno.test("the page's text colours pass WCAG AA on their backgrounds, light and dark", async () => {
  const css = await (await app().request("/assets/browse.css")).text();
  const schemes = [...css.matchAll(/:root \{([^}]*)\}/g)].map(([, body]) =>
    Object.fromEntries([...body.matchAll(/--(\w+): (#[0-9a-f]{6})/g)].map(([, k, v]) => [k, v]))
  );
  assert.equal(schemes.length, 2, "a light and a dark scheme");
  for (const colours of schemes) {
    // Text on the page, links, muted text, and the button's text on its accent background.
    for (const [fg, bg] of [["fg", "bg"], ["accent", "bg"], ["muted", "bg"], ["bg", "accent"]]) {
      const [a, b] = [luminance(colours[fg]), luminance(colours[bg])];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      assert.ok(ratio >= 4.5, `${fg} on ${bg}: ${ratio.toFixed(2)} in ${JSON.stringify(colours)}`);
    }
  }
});

Deno.test("a browser that sends a bad parameter gets the page with the problem and the form, status 400", async () => {
  const { response, html } = await page("/?limit=abc");
  assert.equal(response.status, 400);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.match(html, /<p class="problem" role="alert">[^<]*limit/);
  assert.match(html, /<form/);
  // The API's answer to the same URL stays its problem.
  const api = await app().request("/?limit=abc");
  assert.equal(api.status, 200, "GET / takes no parameters of its own outside the page");
});

Deno.test("a tool's page says a boolean argument takes true or false, not any value", async () => {
  const { html } = await page("/tools/docker:docker_ps");
  const row = /<code>all<\/code><\/th>(.*?)<\/tr>/s.exec(html)?.[1] ?? "";
  assert.match(row, /<td>boolean<\/td>/);
  assert.match(row, /<td>true, false<\/td>/);
  assert.doesNotMatch(row, /<td>any<\/td>/);
});

Deno.test("a CLI's tags are shown once for a run of its results, not on each", async () => {
  const { html } = await page("/?cli=aws&mode=substring");
  const metas = [...html.matchAll(/<span class="meta">([^<]*)<\/span>/g)].map((m) => m[1]);
  assert.ok(metas.length > 2, "a run of aws results");
  const tagged = metas.filter((meta) => meta.split(" · ").length > 2);
  assert.equal(tagged.length, 1, metas.join("\n"));
});

Deno.test("a flag on a tool's page is kept whole on one line, not wrapped at its hyphen", async () => {
  const { html } = await page("/tools/docker:docker_ps");
  assert.match(html, /the flag <code class="flag">--no-trunc<\/code> when true/);
  const style = await (await app().request("/assets/browse.css")).text();
  assert.match(style, /\.flag \{ white-space: nowrap; \}/);
});
