// The search modes a catalogue is served with, on every surface (HTTP, MCP, the browse page and
// the command line): the index's, then hybrid search, which loads at its first use.
import { SEARCH_MODE_SPECS, SEARCH_MODES, type SearchMode } from "../index/search_modes.ts";
import { HYBRID_MODE, HYBRID_MODE_SPEC } from "./hybrid_mode.ts";

/** A mode the service offers. */
export type ServiceMode = SearchMode | typeof HYBRID_MODE;

/** The modes the service offers: the index's, then hybrid search, which loads at its first use. */
export const SERVICE_MODES: readonly [ServiceMode, ...ServiceMode[]] = [
  ...SEARCH_MODES,
  HYBRID_MODE,
];

/** Whether `mode` is one of `SERVICE_MODES`. */
export function isServiceMode(mode: string): mode is ServiceMode {
  return (SERVICE_MODES as readonly string[]).includes(mode);
}

/** What the browse page calls `mode`, and what it does, for an agent choosing it. */
export function serviceModeSpec(mode: ServiceMode): { label: string; description: string } {
  return mode === HYBRID_MODE ? HYBRID_MODE_SPEC : SEARCH_MODE_SPECS[mode];
}
