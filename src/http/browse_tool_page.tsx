// A tool's page for people: what it does, its arguments as a table, the command line it runs,
// its env names (values masked as the API masks them), and the JSON an agent gets for it.
import type { ToolArg } from "../types.ts";
import { flagOf } from "../run/command_line.ts";
import { Layout, type Rendered } from "./browse_layout.tsx";

/** What the tool page shows: the answer of `GET /tools/{tool_name}`, and the tool's ID. */
export interface ToolPageProps {
  id: string;
  answer: Record<string, unknown>;
}

/** The page of `GET /tools/{tool_name}` for a browser. */
export function ToolPage({ id, answer }: ToolPageProps): Rendered {
  const tool = answer.tool as { command: string; args: ToolArg[] } | undefined;
  const tags = (answer.tags as string[] | undefined) ?? [];
  const cli = String(answer.cli_name);
  return (
    <Layout title={`${String(answer.tool_name)} · tool-index`}>
      <header>
        <p>
          <a href="/">tool-index</a> › <a href={`/?cli=${encodeURIComponent(cli)}`}>{cli}</a>
        </p>
        <h1>{String(answer.tool_name)}</h1>
        <p>{String(answer.description)}</p>
      </header>
      <main>
        <dl>
          <dt>ID</dt>
          <dd>
            <code>{id}</code>
          </dd>
          <dt>CLI or server</dt>
          <dd>{cli}</dd>
          <dt>Category</dt>
          <dd>{answer.category === null ? "none" : String(answer.category)}</dd>
          <dt>Tags</dt>
          <dd>{tags.length > 0 ? tags.join(", ") : "none"}</dd>
        </dl>
        {tool !== undefined && <Arguments args={tool.args} />}
        {tool !== undefined && <CommandLine answer={answer} command={tool.command} />}
        <section aria-labelledby="json">
          <h2 id="json">What an agent gets</h2>
          <p>
            The answer of <code>GET /tools/{id}</code> (the MCP tool <code>climax_get</code>{" "}
            says the same, each thing once):
          </p>
          <pre><code>{JSON.stringify(answer, null, 2)}</code></pre>
        </section>
      </main>
    </Layout>
  );
}

/** The arguments as a table: how each is given, and what it takes. */
function Arguments({ args }: { args: readonly ToolArg[] }) {
  return (
    <section aria-labelledby="arguments">
      <h2 id="arguments">Arguments</h2>
      {args.length === 0 ? <p>None.</p> : (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Given as</th>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
              <th scope="col">Allowed values</th>
              <th scope="col">What it is</th>
            </tr>
          </thead>
          <tbody>
            {args.map((arg) => (
              <tr>
                <th scope="row">
                  <code>{arg.name}</code>
                </th>
                <td>{arg.type}</td>
                <td>{givenAs(arg)}</td>
                <td>{arg.required ? "yes" : "no"}</td>
                <td>{arg.default === null ? "" : <code>{JSON.stringify(arg.default)}</code>}</td>
                <td>{allowedValues(arg)}</td>
                <td>{arg.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The values an argument takes, in words: its enum's, a boolean's two, or any of its type. */
function allowedValues(arg: ToolArg): string {
  if (arg.enum !== null) return arg.enum.join(", ");
  return arg.type === "boolean" ? "true, false" : "any";
}

/** How an argument reaches the program, in words; a flag is kept whole on one line. */
function givenAs(arg: ToolArg): Rendered | string {
  if (arg.cwd) return "the working directory";
  if (arg.stdin) return "standard input";
  if (arg.positional) return "a positional word";
  const flag = <code class="flag">{flagOf(arg)}</code>;
  if (arg.type === "boolean") return <>the flag {flag} when true</>;
  return flagOf(arg).endsWith("=") ? <>{flag}value, one word</> : <>{flag} value</>;
}

/** The command line the tool runs, its global arguments and its environment's names. */
function CommandLine({ answer, command }: { answer: Record<string, unknown>; command: string }) {
  const globals = (answer.global_args as ToolArg[] | undefined) ?? [];
  const env = (answer.env as Record<string, string> | undefined) ?? {};
  return (
    <section aria-labelledby="command">
      <h2 id="command">What it runs</h2>
      <pre><code>{[String(answer.base_command), command].filter((part) => part !== "").join(" ")}</code></pre>
      <p>
        Then positional arguments in the order above, then flags, then the global arguments:
        {globals.length === 0 ? " none." : ""}
      </p>
      {globals.length > 0 && (
        <ul>
          {globals.map((arg) => (
            <li>
              <code>{flagOf(arg)}</code>{" "}
              {arg.default === null ? "" : <code>{String(arg.default)}</code>}
            </li>
          ))}
        </ul>
      )}
      <p>
        Working directory: {answer.working_dir === null
          ? "where it is started"
          : <code>{String(answer.working_dir)}</code>}.
      </p>
      <p>Environment: {Object.keys(env).length === 0 ? "nothing set." : ""}</p>
      {Object.keys(env).length > 0 && (
        <ul>
          {Object.entries(env).map(([name, value]) => (
            <li>
              <code>{name}</code> = <code>{value}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
