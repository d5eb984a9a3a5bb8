// Deno run as a subprocess to the end, for the tests of whole programs.

/** What a finished process printed, and its exit code. */
export interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `deno <args>` and waits for it to exit. */
export async function runDeno(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Output> {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    ...options,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}
