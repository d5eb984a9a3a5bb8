// The browse pages' side of the routes they share with the API: which answer a request wants,
// and the HTML answer with its own Content-Security-Policy. Only an explicit `text/html` gets
// HTML; `*/*`, JSON or no Accept keep the API's JSON.
import type { Context } from "hono";
import { InvalidCursorError } from "../errors.ts";
import type { RegistryView } from "../index/registry_view.ts";
import { type SearchAnswer, searchAnswer } from "../answer/search_answer.ts";
import { searchQuerySchema } from "./query.ts";
import { lookupTool, toolAnswer } from "../answer/tool_answer.ts";
import { HomePage, type HomeQuery } from "./browse_home_page.tsx";
import { Layout } from "./browse_layout.tsx";
import { ToolPage } from "./browse_tool_page.tsx";

/**
 * What the browse pages may load: only the service's own style sheet (and, later, script); no
 * inline script or style, no frame, no form posting elsewhere.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Whether the `Accept` header asks for HTML by name, as a browser's does. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(?:^|,)\s*text\/html\s*(?:;|,|$)/i.test(accept);
}

/** The browse page of `GET /`: the search its URL asks for, run as `GET /search` runs it. */
export function homeHtml(c: Context, registry: RegistryView): Response | Promise<Response> {
  const parsed = searchQuerySchema.safeParse(c.req.query());
  const asked: HomeQuery = parsed.success ? parsed.data : {};
  let answer: SearchAnswer | undefined;
  let problem: string | undefined;
  if (!parsed.success) {
    problem = "This search cannot run: " +
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`)
        .join("; ");
  } else if (asked.query || asked.category || asked.cli) {
    try {
      answer = searchAnswer(
        registry,
        { ...parsed.data, mode: parsed.data.mode ?? "ranked" },
        "full",
        "Choose “by relevance” to rank tools by the words of a request.",
      );
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      problem = `${error.message}.`;
    }
  }
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  const mcpUrl = new URL("/mcp", c.req.url).href;
  return c.html(
    <HomePage
      registry={registry}
      asked={asked}
      answer={answer}
      problem={problem}
      mcpUrl={mcpUrl}
    />,
    problem === undefined ? 200 : 400,
  );
}

/**
 * The page of the tool `reference` (an ID or a bare name) names: an HTML 404 naming the closest
 * tools when none does, a 409 listing the IDs when several namespaces have the name.
 */
export function toolHtml(
  c: Context,
  registry: RegistryView,
  reference: string,
  exposeEnv: boolean,
): Response | Promise<Response> {
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  const found = lookupTool(registry, reference);
  if (found.kind === "found") {
    const answer = toolAnswer(registry, found.id, exposeEnv)!;
    return c.html(<ToolPage id={found.id} answer={answer} />, 200);
  }
  const ids = found.kind === "ambiguous" ? found.ids : found.closest;
  return c.html(
    <Layout title="No such tool · tool-index">
      <main>
        <h1>{found.kind === "ambiguous" ? "Several tools have this name" : "No such tool"}</h1>
        <p role="alert">
          {found.kind === "ambiguous"
            ? `Tools of several namespaces are named ${reference}; choose one:`
            : `No tool is named ${reference}.${ids.length > 0 ? " The closest:" : ""}`}
        </p>
        <ul>
          {ids.map((id) => (
            <li>
              <a href={`/tools/${encodeURIComponent(id)}`}>{id}</a>
            </li>
          ))}
        </ul>
        <p>
          <a href="/">Search the tools</a>
        </p>
      </main>
    </Layout>,
    found.kind === "ambiguous" ? 409 : 404,
  );
}
