// The ranked search of another version of this project, for `deno task eval` to compare with: a
// git revision checked out in a temporary worktree (or a folder that holds a checkout), its
// `mod.ts` imported beside this one. Its `ToolIndex` is the public one of every version.

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

/** The project's folder, whose git repository holds the revisions. */
const ROOT = new URL("../", import.meta.url);

async function git(args: string[]): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command("git", {
    args,
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (code !== 0) throw new Error(`git ${args.join(" ")}: ${decoder.decode(stderr).trim()}`);
  return decoder.decode(stdout).trim();
}

/**
 * The version at `revision`: a folder holding a checkout of the project, or a git revision of
 * this repository (such as `HEAD` or a commit), checked out apart.
 *
 * @throws {Error} When it is neither.
 */
export async function previousVersion(revision: string): Promise<PreviousVersion> {
  let folder: string;
  let made: string | undefined;
  try {
    folder = (await Deno.stat(`${revision}/mod.ts`)).isFile ? revision : "";
  } catch {
    folder = "";
  }
  let label = revision;
  if (folder === "") {
    const commit = await git(["rev-parse", "--short", `${revision}^{commit}`]);
    label = `${revision} (${commit})`;
    made = await Deno.makeTempDir({ prefix: "tool-index-eval-" });
    await git(["worktree", "add", "--detach", made, commit]);
    folder = made;
  }
  const module = await import(new URL(`file://${Deno.realPathSync(folder)}/mod.ts`).href) as {
    ToolIndex: {
      fromConfigs(configs: readonly unknown[], options: { onWarning: () => void }): RankingIndex;
    };
  };
  return {
    label,
    index: (configs) => module.ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
    async close() {
      if (made !== undefined) await git(["worktree", "remove", "--force", made]);
    },
  };
}
