// A git revision of this repository checked out apart, in a temporary worktree, so that the
// relevance evaluation and the benchmarks can run another version beside this one.

/** A revision checked out in a folder of its own, until `close()`. */
export interface Checkout {
  /** The folder of the checkout. */
  folder: string;
  /** The revision as asked for, with the commit it names. */
  label: string;
  /** Removes the worktree. */
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
 * `revision` (such as `HEAD` or a commit) checked out in a temporary worktree.
 *
 * @throws {Error} When git does not know the revision, or cannot check it out.
 */
export async function checkout(revision: string): Promise<Checkout> {
  const commit = await git(["rev-parse", "--short", `${revision}^{commit}`]);
  const folder = await Deno.makeTempDir({ prefix: "tool-index-checkout-" });
  await git(["worktree", "add", "--detach", folder, commit]);
  return {
    folder: Deno.realPathSync(folder),
    label: `${revision} (${commit})`,
    close: async () => void await git(["worktree", "remove", "--force", folder]),
  };
}
