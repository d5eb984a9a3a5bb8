// The browse pages' side of the routes they share with the API: the HTML answer, with its own
// Content-Security-Policy. Which requests get it is `browse_accept.ts`'s to say. Loaded on the
// first request for a page: agents, most of the traffic, never ask for one.
import type { Context } from "hono";
import { InvalidCursorError } from "../errors.ts";
import type { RegistryView } from "../registry/registry_view.ts";
import { type SearchAnswer, searchAnswer, whenPrepared } from "../answer/search_answer.ts";
import { searchParamsOrProblem } from "./query.ts";
import { toolAnswer } from "../answer/tool_answer.ts";
import { lookupTool } from "../registry/tool_lookup.ts";
import { BROWSE_MODE, HomePage } from "./browse_home_page.tsx";
import { SEARCH_MODE_SPECS } from "../index/search_modes.ts";
import { Layout } from "./browse_layout.tsx";
import { ToolPage } from "./browse_tool_page.tsx";

/**
 * What the browse pages may load: only the service's own style sheet (and, later, script); no
 * inline script or style, no frame, no form posting elsewhere.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The browse page of `GET /`: the search its URL asks for, run as `GET /search` runs it. A bad
 * parameter or cursor gets the problem `GET /search` would answer: only a missing page is HTML.
 */
export async function homeHtml(c: Context, registry: RegistryView): Promise<Response> {
  const params = searchParamsOrProblem(c.req.queries());
  const mcpUrl = new URL("/mcp", c.req.url).href;
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  if (params instanceof Response) {
    // A person who typed a wrong value gets the page, and what is wrong, not the API's JSON.
    const { detail } = await params.json() as { detail: string };
    return c.html(
      <HomePage registry={registry} asked={{}} mcpUrl={mcpUrl} problem={detail} />,
      400,
    );
  }
  let answer: SearchAnswer | undefined;
  if (params.query || params.category || params.cli) {
    try {
      const asked = { ...params, mode: params.mode ?? BROWSE_MODE };
      answer = await whenPrepared(registry, asked, () =>
        searchAnswer(registry, asked, "full", {
          ranked:
            `Choose “${SEARCH_MODE_SPECS.ranked.label}” to rank tools by the words of a request.`,
          summary: "The catalogue below says what there is; search again in its words.",
        }));
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      const problem = `Invalid parameter: cursor: ${error.message}`;
      return c.html(
        <HomePage registry={registry} asked={params} mcpUrl={mcpUrl} problem={problem} />,
        400,
      );
    }
  }
  return c.html(
    <HomePage registry={registry} asked={params} answer={answer} mcpUrl={mcpUrl} />,
    200,
  );
}

/**
 * The page of the tool `reference` (an ID or a bare name) names, or an HTML 404 naming the
 * closest tools when none does; undefined when several namespaces have the name, which the API
 * answers with its 409 problem.
 */
export function toolHtml(
  c: Context,
  registry: RegistryView,
  reference: string,
  exposeEnv: boolean,
): Response | Promise<Response> | undefined {
  const found = lookupTool(registry, reference);
  if (found.kind === "ambiguous") return undefined;
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  if (found.kind === "found") {
    const answer = toolAnswer(registry, found.id, exposeEnv)!;
    return c.html(<ToolPage id={found.id} answer={answer} />, 200);
  }
  const ids = found.closest;
  return c.html(
    <Layout title="No such tool · tool-index">
      <main>
        <h1>No such tool</h1>
        <p role="alert">
          {`No tool is named ${reference}.${ids.length > 0 ? " The closest:" : ""}`}
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
    404,
  );
}
