// MCP tool list files: a server's details and its tools as tools/list returns them, checked
// with the line and column of every problem.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import { ConfigError } from "../mod.ts";
import { parseMcpToolList } from "../src/config/mcp_tool_list.ts";
import { jsonErrorOffset, jsonLocator } from "../src/config/yaml/json_position.ts";

function issuesOf(text: string) {
  try {
    parseMcpToolList(text, "x.mcp.json");
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.issues.map(({ path, line, column, message }) => ({ path, line, column, message }));
  }
  assert.fail("the list was accepted");
}

Deno.test("parseMcpToolList() reads a server and its tools with their output schemas, with defaults for what it leaves out", () => {
  const list = parseMcpToolList(
    JSON.stringify({
      name: "weather",
      tools: [{
        name: "forecast",
        title: "Forecast",
        description: "Forecast for a city",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
        annotations: { readOnlyHint: true },
        outputSchema: { type: "object" },
        _meta: { note: "left out" },
      }],
    }),
    "weather.mcp.json",
  );
  assert.deepEqual(list, {
    name: "weather",
    title: null,
    description: null,
    url: null,
    category: null,
    tags: [],
    tools: [{
      name: "forecast",
      title: "Forecast",
      description: "Forecast for a city",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
      annotations: { readOnlyHint: true },
      outputSchema: { type: "object" },
    }],
  });
});

Deno.test("parseMcpToolList() reports every problem of a list at its line and column", () => {
  const text = `{
  "name": "",
  "url": "not a url",
  "colour": "blue",
  "tools": [
    { "name": "a", "inputSchema": { "type": "object" } },
    { "name": "a", "inputSchema": { "type": "object" } },
    { "name": "b", "inputSchema": [] },
    { "name": "c", "description": 7, "inputSchema": { "type": "object" } }
  ]
}`;
  const issues = issuesOf(text);
  assert.deepEqual(issues.map(({ path, line, column }) => [path, line, column]), [
    ["name", 2, 11],
    ["url", 3, 10],
    ["colour", 4, 3],
    ["tools[1].name", 7, 15],
    ["tools[2].inputSchema", 8, 35],
    ["tools[3].description", 9, 35],
  ]);
  assert.match(issues[2].message, /^Unknown key "colour"/);
  assert.match(issues[3].message, /^Duplicate tool name "a"/);
  assert.deepEqual(issuesOf('{ "name": "x" }').map((issue) => issue.message), [
    'Missing required key "tools"',
  ]);
});

Deno.test("parseMcpToolList() says where a file stops being JSON", () => {
  const cases: [string, number, number, RegExp][] = [
    ['{\n  "name": "x",\n  "tools": [}\n', 3, 13, /unexpected "}"/],
    ['{\n  "name": "x",\n  "tools": [],\n}\n', 4, 1, /unexpected "}"/],
    ['{\n  "name": "x"\n  "tools": []\n}\n', 3, 3, /unexpected "\\""/],
    ['{\n  "name": "x",\n  "tools": [\n', 4, 1, /ends before its value is complete/],
  ];
  for (const [text, line, column, message] of cases) {
    const [issue] = issuesOf(text);
    assert.deepEqual([issue.line, issue.column], [line, column], text);
    assert.match(issue.message, message, text);
  }
});

Deno.test("jsonErrorOffset() finds an error exactly when JSON.parse does, at any depth", () => {
  const damaged = fc.tuple(
    fc.json(),
    fc.nat(),
    fc.constantFrom("", "}", "]", ",", ":", '"', "x", "1"),
  )
    .map(([json, at, insert]) => {
      const place = json.length === 0 ? 0 : at % json.length;
      return json.slice(0, place) + insert + json.slice(place + (insert === "" ? 1 : 0));
    });
  fc.assert(
    fc.property(fc.oneof(fc.json(), damaged), (text) => {
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      const offset = jsonErrorOffset(text);
      assert.equal(offset === -1, parses, text);
      assert.ok(offset <= text.length);
    }),
    { numRuns: 2000 },
  );
  assert.equal(jsonErrorOffset("[".repeat(200_000)), 200_000);
});

Deno.test("jsonLocator() places every value and key of any JSON text where its text begins", () => {
  /** Every path into `value`, with the value there. */
  function* paths(
    value: unknown,
    path: (string | number)[] = [],
  ): Generator<[typeof path, unknown]> {
    yield [path, value];
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) yield* paths(item, [...path, i]);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) yield* paths(item, [...path, key]);
    }
  }
  const texts = fc.tuple(fc.jsonValue(), fc.constantFrom(0, 1, 2, "\t")).map(([value, indent]) =>
    JSON.stringify(value, null, indent)
  );
  fc.assert(
    fc.property(texts, (text) => {
      const locate = jsonLocator(text);
      const lines = text.split("\n");
      const at = (place: { line: number; column: number } | undefined) =>
        lines[place!.line - 1].slice(place!.column - 1);
      for (const [path, value] of paths(JSON.parse(text))) {
        const written = JSON.stringify(value) ?? "";
        assert.ok(at(locate(path, "value")).startsWith(written.slice(0, 1)), `${path} in ${text}`);
        const key = path.at(-1);
        if (typeof key === "string") {
          assert.ok(at(locate(path, "key")).startsWith(JSON.stringify(key)), `${path} in ${text}`);
        }
      }
    }),
    { numRuns: 500 },
  );
  // A key the data lacks is placed at the object that would hold it.
  assert.deepEqual(jsonLocator(`{\n  "a": {\n    "b": 1\n  }\n}`)(["a", "c"], "key"), {
    line: 2,
    column: 8,
  });
});
