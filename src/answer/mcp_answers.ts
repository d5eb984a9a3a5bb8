// The pieces of an MCP tool's answer that every tool of this project words alike: a JSON or
// error text answer, strict arguments that name the one meant, and a tool found by name or ID.
import { z } from "zod";
import type { RegistryView } from "../registry/registry_view.ts";
import { closest } from "../_suggest.ts";
import { lookupTool } from "../registry/tool_lookup.ts";

/** What an MCP tool answers: text content, and whether it is an error. */
export type ToolAnswer = { content: { type: "text"; text: string }[]; isError?: boolean };

/** `value` as text content: a string as it is, anything else as JSON. */
export function text(value: unknown): ToolAnswer {
  return {
    content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }],
  };
}

/** A tool error that says what went wrong. */
export function toolError(message: string): ToolAnswer {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** The message of arguments that a tool does not take, with the nearest name each may mean. */
function unknownArguments(keys: readonly string[], known: readonly string[]): string {
  return keys.map((key) => {
    const suggestion = closest(key, known);
    return suggestion === undefined
      ? `Unknown argument "${key}" (known: ${known.join(", ")})`
      : `Unknown argument "${key}": did you mean "${suggestion}"?`;
  }).join("; ");
}

/** A strict object of a tool's arguments: an unknown one is an error that names the nearest. */
export function strictArguments<S extends z.core.$ZodLooseShape>(
  shape: S,
): z.ZodObject<S, z.core.$strict> {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? unknownArguments(issue.keys, known) : undefined,
  });
}

/**
 * The ID of the tool `reference` (an ID, or a bare name) names, or the error that says which
 * IDs it could mean, or which are closest.
 */
export function findTool(registry: RegistryView, reference: string): string | ToolAnswer {
  const found = lookupTool(registry, reference);
  if (found.kind === "found") return found.id;
  if (found.kind === "ambiguous") {
    return toolError(
      `Tools of several CLIs or servers are named ${reference}: ask for one by its ID (${
        found.ids.join(", ")
      }).`,
    );
  }
  return toolError(
    `Unknown tool: ${reference}.${
      found.closest.length > 0 ? ` The closest: ${found.closest.join(", ")}.` : ""
    }`,
  );
}
