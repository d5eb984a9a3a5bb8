// The browse page for people: a search form (ranked by default), its results with paging by
// cursor, the catalogue's CLIs, and how to connect an agent. Rendered on the server from the
// same search the API answers, so it works with JavaScript off; the URL carries the API's own
// parameter names, so a search can be shared.
import type { RegistryView } from "../registry/registry_view.ts";
import type { SearchAnswer, SummaryEntry } from "../answer/search_answer.ts";
import type { ToolIndexEntry } from "../types.ts";
import type { SearchMode } from "../index/search_modes.ts";
import { SERVICE_MODES, serviceModeSpec } from "../catalogue/served_modes.ts";
import { Layout, type Rendered } from "./browse_layout.tsx";

/** The mode of a search from the page that names none: people write requests, not literals. */
export const BROWSE_MODE: SearchMode = "ranked";

/** The modes to choose from, the page's own first. */
const CHOICES = [BROWSE_MODE, ...SERVICE_MODES.filter((mode) => mode !== BROWSE_MODE)];

/** What the page was asked: the search parameters of `GET /search`, as given. */
export interface HomeQuery {
  query?: string;
  mode?: string;
  category?: string;
  cli?: string;
  cursor?: string;
}

/** What the page shows. */
export interface HomeProps {
  registry: RegistryView;
  asked: HomeQuery;
  /** The search's first or next page; none when nothing was searched. */
  answer?: SearchAnswer;
  /** The MCP endpoint of this very service. */
  mcpUrl: string;
  /** What is wrong with the search asked, when it cannot be run: said above the form. */
  problem?: string;
}

/** The page of `GET /` for a browser. */
export function HomePage(
  { registry, asked, answer, mcpUrl, problem }: HomeProps,
): Rendered {
  const summary = registry.summary();
  const categories = [...new Set(summary.flatMap((cli) => cli.category ?? []))].sort();
  const mode = asked.mode ?? BROWSE_MODE;
  return (
    <Layout title="tool-index">
      <header>
        <h1>tool-index</h1>
        <p>
          {registry.size} tools of {summary.length}{" "}
          CLIs and servers. Search them as an agent does, read a tool, and connect an agent.
        </p>
      </header>
      <main>
        <search>
          <form method="get" action="/" role="search">
            <label for="query">Search the tools</label>
            <input
              id="query"
              name="query"
              type="search"
              value={asked.query ?? ""}
              placeholder="list running containers"
              maxlength={1000}
            />
            <label for="mode">Match</label>
            <select id="mode" name="mode">
              {CHOICES.map((choice) => (
                <option value={choice} selected={mode === choice}>
                  {serviceModeSpec(choice).label}
                </option>
              ))}
            </select>
            <label for="category">Category</label>
            <select id="category" name="category">
              <option value="">any</option>
              {categories.map((category) => (
                <option value={category} selected={asked.category === category}>
                  {category}
                </option>
              ))}
            </select>
            <label for="cli">CLI or server</label>
            <select id="cli" name="cli">
              <option value="">any</option>
              {summary.map(({ name }) => (
                <option value={name} selected={asked.cli === name}>{name}</option>
              ))}
            </select>
            <button type="submit">Search</button>
          </form>
        </search>
        {problem !== undefined && <p class="problem" role="alert">{problem}</p>}
        {answer !== undefined && <Results answer={answer} asked={asked} />}
        <section aria-labelledby="clis">
          <h2 id="clis">The catalogue</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">CLI</th>
                <th scope="col">Tools</th>
                <th scope="col">Category</th>
                <th scope="col">Tags</th>
                <th scope="col">What it is</th>
              </tr>
            </thead>
            <tbody>
              {summary.map((cli) => (
                <tr>
                  <th scope="row">
                    <a href={`/?cli=${encodeURIComponent(cli.name)}`}>{cli.name}</a>
                  </th>
                  <td>{cli.tool_count}</td>
                  <td>{cli.category ?? ""}</td>
                  <td>{cli.tags.join(", ")}</td>
                  <td>{cli.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="connect">
          <h2 id="connect">Connect an agent</h2>
          <p>
            The MCP endpoint of this service is{" "}
            <code>{mcpUrl}</code>. Clients configured with JSON take:
          </p>
          <pre><code>{JSON.stringify({ mcpServers: { "tool-index": { type: "http", url: mcpUrl } } }, null, 2)}</code></pre>
          <p>Claude Code:</p>
          <pre><code>{`claude mcp add --transport http tool-index ${mcpUrl}`}</code></pre>
        </section>
      </main>
    </Layout>
  );
}

/** One page of results, and the link to the next. */
function Results({ answer, asked }: { answer: SearchAnswer; asked: HomeQuery }) {
  const next = answer.next_cursor === null
    ? undefined
    : `/?${new URLSearchParams({ ...defined(asked), cursor: answer.next_cursor })}`;
  return (
    <section aria-labelledby="results" aria-live="polite">
      <h2 id="results">Results</h2>
      {answer.results.length === 0 ? <p>{answer.hint ?? "No tool matches."}</p> : (
        <ol>
          {answer.results.map((entry, i) => (
            <Result
              entry={entry}
              sameCli={i > 0 && answer.results[i - 1].cli_name === entry.cli_name}
            />
          ))}
        </ol>
      )}
      {next !== undefined && <a href={next} rel="next">Next results</a>}
    </section>
  );
}

function Result(
  { entry, sameCli }: { entry: ToolIndexEntry | SummaryEntry; sameCli: boolean },
) {
  // A CLI's tags are its own, not each tool's: said at its first result of a run.
  const tags = "tags" in entry && !sameCli ? entry.tags : [];
  return (
    <li>
      <a href={`/tools/${encodeURIComponent(entry.tool_name)}`}>
        <strong>{entry.tool_name}</strong>
      </a>{" "}
      <span class="meta">
        {entry.cli_name}
        {entry.category ? ` · ${entry.category}` : ""}
        {tags.length > 0 ? ` · ${tags.join(", ")}` : ""}
      </span>
      <p>{entry.description}</p>
    </li>
  );
}

/** The parameters that were given, for the next page's URL. */
function defined(asked: HomeQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(asked).filter(([name, value]) => name !== "cursor" && value),
  ) as Record<string, string>;
}
