// What callers from JavaScript, where no type checker stands guard, get for arguments of the
// wrong kind: a typed error that says what was expected, never a TypeError from deep inside.
import assert from "node:assert/strict";
import {
  buildInputSchema,
  ConfigError,
  loadConfigDir,
  parseConfig,
  ToolIndex,
  validateConfig,
} from "../mod.ts";

const VALID = { command: "x", tools: [{ name: "a", description: "A" }] };
/** `value` as any type at all: the point is to pass what the types rule out. */
const untyped = (value: unknown) => value as never;

Deno.test("ToolIndex.fromConfigs() refuses what is not a list of configs with a ConfigError", () => {
  for (const configs of [null, undefined, 5, { command: "x" }]) {
    assert.throws(
      () => ToolIndex.fromConfigs(untyped(configs)),
      (error: Error) =>
        error instanceof ConfigError && /^configs: Expected a list of configs/.test(error.message),
      String(configs),
    );
  }
});

Deno.test("ToolIndex.fromConfigs() takes null options as none and refuses options of the wrong kind", () => {
  assert.equal(ToolIndex.fromConfigs([VALID], untyped(null)).size, 1);
  assert.throws(() => ToolIndex.fromConfigs([VALID], untyped("quiet")), {
    name: "RangeError",
    message: 'The options must be an object, got the string "quiet"',
  });
  assert.throws(() => ToolIndex.fromConfigs([VALID], untyped({ onWarning: 5 })), {
    name: "RangeError",
    message: "The option onWarning must be a function, got the number 5",
  });
  assert.throws(() => ToolIndex.fromConfigs([VALID], untyped({ maxTools: "10" })), {
    name: "RangeError",
  });
});

Deno.test("validateConfig() and parseConfig() refuse options of the wrong kind, null is none", () => {
  assert.equal(validateConfig(VALID, untyped(null)).command, "x");
  assert.equal(parseConfig("command: x\ntools: []", untyped(null)).command, "x");
  assert.throws(() => validateConfig(VALID, untyped(5)), { name: "RangeError" });
  assert.throws(() => parseConfig("command: x\ntools: []", untyped(true)), { name: "RangeError" });
  // Refused even when the config is valid and no warning would ever be made.
  assert.throws(() => validateConfig(VALID, untyped({ onWarning: "log" })), {
    name: "RangeError",
    message: 'The option onWarning must be a function, got the string "log"',
  });
  assert.throws(() => parseConfig("command: x\ntools: []", untyped({ onWarning: "log" })), {
    name: "RangeError",
    message: 'The option onWarning must be a function, got the string "log"',
  });
});

Deno.test("loadConfigDir() refuses a directory that is neither a path nor a URL", async () => {
  for (const dir of [null, 5]) {
    await assert.rejects(
      () => loadConfigDir(untyped(dir)),
      (error: Error) =>
        error instanceof ConfigError &&
        /Expected a directory path or a file: URL/.test(error.message),
    );
  }
  await assert.rejects(() => loadConfigDir("configs", untyped({ onError: 1 })), {
    name: "RangeError",
  });
  await assert.rejects(() => loadConfigDir("configs", untyped({ onWarning: 1 })), {
    name: "RangeError",
  });
});

Deno.test("buildInputSchema() refuses what is not a list of named arguments with a RangeError", () => {
  assert.throws(() => buildInputSchema(untyped(null)), {
    name: "RangeError",
    message: "Expected a list of tool arguments, got null (an empty value)",
  });
  for (const arg of [null, {}, { name: 3 }]) {
    assert.throws(() => buildInputSchema(untyped([arg])), {
      name: "RangeError",
      message: /^Expected a tool argument with a name at position 0/,
    });
  }
});

Deno.test("search() says what kind of value a limit that is not an integer was", () => {
  const index = ToolIndex.fromConfigs([VALID]);
  assert.throws(() => index.search(untyped({ limit: "5" })), {
    name: "RangeError",
    message: 'The limit must be an integer, got the string "5"',
  });
  assert.throws(() => index.search({ limit: 1.5 }), {
    message: "The limit must be an integer, got the number 1.5",
  });
});
