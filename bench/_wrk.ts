// What the wrk benchmarks (load.ts, soak.ts) need from wrk before they start: that it is there.

/**
 * Returns when wrk runs; otherwise says how to install it and exits with code 2, the code both
 * benchmarks give when they cannot run, before any server is started.
 */
export async function requireWrk(): Promise<void> {
  try {
    await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).output();
  } catch {
    console.error("wrk is not installed: apt-get install wrk");
    Deno.exit(2);
  }
}
