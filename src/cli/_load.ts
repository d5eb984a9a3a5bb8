// Configs for list and search: the files and directories given, or the bundled catalogue.
import { ConfigError } from "../errors.ts";
import { parseConfig } from "../config.ts";
import type { CLImaxConfig } from "../models.ts";
import { bundledConfigs } from "./_bundled.ts";
import { expandInputs, readConfigText, UnreadableError } from "./_files.ts";
import { EXIT_INVALID, EXIT_USAGE, type Io } from "./_io.ts";

/** Configs loaded, or the exit status of a failure already reported on standard error. */
export type Loaded = { configs: CLImaxConfig[] } | { status: number };

/**
 * Loads the configs the arguments name, or the bundled ones when there is none. Warnings are
 * left to `validate`. Every file is read before anything is reported, so one run shows every
 * problem: a file that cannot be read gives exit status 2, an invalid config 1.
 */
export async function loadInputs(inputs: readonly string[], io: Io): Promise<Loaded> {
  const quiet = () => {};
  if (inputs.length === 0) {
    try {
      return { configs: await bundledConfigs() };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      io.err(error.message);
      return { status: EXIT_INVALID };
    }
  }
  const unreadable: { file: string; message: string }[] = [];
  const failures: ConfigError[] = [];
  const configs: CLImaxConfig[] = [];
  for (const input of await expandInputs(inputs)) {
    if (input.unreadable !== undefined) {
      unreadable.push({ file: input.file, message: input.unreadable });
      continue;
    }
    try {
      const text = await readConfigText(input.file);
      configs.push(parseConfig(text, { source: input.file, onWarning: quiet }));
    } catch (error) {
      if (error instanceof UnreadableError) unreadable.push(error);
      else if (error instanceof ConfigError) failures.push(error);
      else throw error;
    }
  }
  for (const { file, message } of unreadable) io.err(`${file}: ${message}`);
  for (const failure of failures) io.err(failure.message);
  if (unreadable.length > 0) return { status: EXIT_USAGE };
  if (failures.length > 0) return { status: EXIT_INVALID };
  return { configs };
}
