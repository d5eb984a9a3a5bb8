// The ranked search of another version of this project, for `deno task eval` to compare with: a
// git revision checked out in a temporary worktree (or a folder that holds a checkout), its
// `mod.ts` imported beside this one. Its `ToolIndex` is the public one of every version.
import { checkout } from "../support/checkout.ts";

/** What the comparison needs of another version's `ToolIndex`. */
export interface RankingIndex {
  search(params: { query: string; limit: number; mode: "ranked" }): { tool_name: string }[];
}

/** Another version of the project, ready to build indexes, until `close()`. */
export interface PreviousVersion {
  /** The revision or folder it was made from. */
  label: string;
  /** A `ToolIndex` of `configs`, built by that version. */
  index(configs: readonly unknown[]): RankingIndex;
  /** Removes the worktree, if one was made. */
  close(): Promise<void>;
}

/**
 * The version at `revision`: a folder holding a checkout of the project, or a git revision of
 * this repository (such as `HEAD` or a commit), checked out apart.
 *
 * @throws {Error} When it is neither.
 */
export async function previousVersion(revision: string): Promise<PreviousVersion> {
  let isFolder: boolean;
  try {
    isFolder = (await Deno.stat(`${revision}/mod.ts`)).isFile;
  } catch {
    isFolder = false;
  }
  const made = isFolder ? undefined : await checkout(revision);
  const folder = made?.folder ?? revision;
  const module = await import(new URL(`file://${Deno.realPathSync(folder)}/mod.ts`).href) as {
    ToolIndex: {
      fromConfigs(configs: readonly unknown[], options: { onWarning: () => void }): RankingIndex;
    };
  };
  return {
    label: made?.label ?? revision,
    index: (configs) => module.ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
    close: async () => await made?.close(),
  };
}
