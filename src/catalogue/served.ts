// What a service serves: a registry that may change under it, and the health of the sources it
// is made of. The HTTP app reads both at each request; a live catalogue keeps them current.
import type { RegistryView } from "../registry/registry_view.ts";
import type { UpstreamStatus } from "../upstream/supervisor.ts";
import type { BackendKind } from "../registry/types.ts";
import type { BackendCaller } from "../call/call_tool.ts";

/** How one source of a catalogue is doing. */
export interface SourceHealth {
  /**
   * A file of the config directory, the directory itself, an upstream MCP server, or the MCP
   * config file that names the servers.
   */
  kind: "file" | "directory" | "mcp_server" | "mcp_config";
  /** The file's name in its directory, the server's namespace, or the directory's name. */
  name: string;
  /**
   * `ok`; `failing` while its latest load failed (what it loaded before is served); for an
   * upstream also `pending` until it first answers, and `not_runnable` for a program where none
   * may run (on Deno Deploy).
   */
  status: "ok" | "failing" | UpstreamStatus;
  /** How many tools of it are served. */
  tools: number;
  /** How an upstream is reached. */
  transport?: "stdio" | "http";
  /** What failed, while it fails. */
  problem?: string;
  /** When it began to fail (ISO 8601), while it fails. */
  since?: string;
  /** When a failing upstream is tried again (ISO 8601). */
  next_try?: string;
  /** The last lines a stdio server wrote on stderr. */
  stderr?: string[];
  /** How many problems a failing file has. */
  problems?: number;
}

/** The health of a catalogue: `degraded` while a source fails or cannot run. */
export interface CatalogueHealth {
  status: "ok" | "degraded";
  sources: SourceHealth[];
}

/** A catalogue as a service serves it. */
export interface ServedCatalogue {
  /** The tools served now; read at each request, so a change is served from the next one. */
  readonly registry: RegistryView;
  /** How its sources are doing now. */
  health(): CatalogueHealth;
  /**
   * Told once the service has answered its first request: what a catalogue puts off so as not
   * to slow that answer (starting upstream programs, registering its sources, making its
   * search) may begin.
   */
  serving?(): void;
  /** Resolves once every source that comes later (an upstream server) has come or failed. */
  ready?(): Promise<void>;
  /** How the tools of each kind of backend it reaches are called (an MCP server's, through it). */
  readonly callers?: Partial<Record<BackendKind, BackendCaller>>;
}

/**
 * A catalogue of `registry` alone, always healthy: for an app over a registry its user keeps
 * (a live catalogue reports the health of its sources instead).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 * import { fixedCatalogue } from "./served.ts";
 *
 * const catalogue = fixedCatalogue(new ToolRegistry());
 * assert.equal(catalogue.health().status, "ok");
 * ```
 */
export function fixedCatalogue(registry: RegistryView): ServedCatalogue {
  return { registry, health: () => ({ status: "ok", sources: [] }) };
}
