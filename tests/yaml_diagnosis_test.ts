// YAML mistakes reported at the line that is wrong, in plain words (issue 21): a config author
// who indents one line wrong, leaves a quote or bracket open, or writes ": " in a plain value is
// sent to that line with one message, not to the parser's echoes of it lines away. Each config
// here is a realistic one with one mistake (or two), and the test asserts every issue reported.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import YAML from "yaml";
import { ConfigError, type ConfigIssue, parseConfig } from "../mod.ts";
import { diagnoseYaml } from "../src/config/yaml/_diagnosis.ts";

/** Every issue `parseConfig` reports for `lines`, as `line:column: message`. */
function issues(...lines: string[]): string[] {
  try {
    parseConfig(lines.join("\n") + "\n", { source: "git.yaml", onWarning: () => {} });
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.issues.map((issue) =>
      `${issue.line}:${issue.column}: ${issue.path === "" ? "" : `${issue.path}: `}${issue.message}`
    );
  }
  return assert.fail("expected a ConfigError");
}

const HEAD = ["name: git", "command: git", "tools:"];
const STATUS = [
  "  - name: git_status",
  "    description: Show the working tree status",
  "    command: status",
];

Deno.test("a list item one space short is reported on its own line, once", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      ...STATUS,
      " - name: git_log",
      "    description: Show the commit history",
      "    command: log",
      "  - name: git_diff",
      "    description: Show changes between commits",
      "    command: diff",
    ),
    ["7:2: This list item is indented by 1 space where its sibling items use 2"],
  );
});

Deno.test("a list item one space too deep is reported on its own line, once", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      ...STATUS,
      "   - name: git_log",
      "    description: Show the commit history",
      "    command: log",
    ),
    ["7:4: This list item is indented by 3 spaces where its sibling items use 2"],
  );
});

Deno.test("a whole item indented one space too deep is one mistake, at its first line", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      ...STATUS,
      "   - name: git_log",
      "     description: Show the commit history",
      "     command: log",
    ),
    ["7:4: This list item is indented by 3 spaces where its sibling items use 2"],
  );
});

Deno.test("a first list item indented wrong is reported, not the siblings that follow it", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      " - name: git_log",
      "    description: Show the commit history",
      "    args:",
      "     - name: max_count",
      "       type: integer",
      "      - name: author",
      "        flag: --author",
      "  - name: git_diff",
      "    description: Show changes between commits",
    ),
    [
      "4:2: This list item is indented by 1 space where the lines after it expect 2",
      "7:6: This list item is indented by 5 spaces where the lines after it expect 6",
    ],
  );
});

Deno.test("a first key indented wrong is reported, not the keys after it", () => {
  assert.deepEqual(issues(" name: git", "command: git", "tools: []"), [
    '1:2: The key "name" is indented by 1 space where the lines after it expect 0',
  ]);
});

Deno.test("a key of an argument one space short gets the siblings' indentation", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_log",
      "    description: Show the commit history",
      "    command: log",
      "    args:",
      "      - name: max_count",
      "        type: integer",
      "       flag: -n",
      "      - name: author",
      "        flag: --author",
    ),
    ['10:8: The key "flag" is indented by 7 spaces where its sibling keys use 8'],
  );
});

Deno.test("a key one space too deep after a value is reported on its line, not the line before", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_status",
      "    description: Show the working tree status",
      "     command: status",
      "  - name: git_log",
      "    description: Show the commit history",
    ),
    ['6:6: The key "command" is indented by 5 spaces where its sibling keys use 4'],
  );
});

Deno.test("a key at the indentation of the list items is sent to its item's keys", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_status",
      "    description: Show the working tree status",
      "  command: status",
    ),
    ['6:3: The key "command" is indented by 2 spaces where its sibling keys use 4'],
  );
});

Deno.test("a list item not indented past the key that holds it is told where it belongs", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_log",
      "    description: Show the commit history",
      "    args:",
      "   - name: max_count",
      "     type: integer",
    ),
    [
      '7:4: This list item is indented by 3 spaces, so it is not inside "args:" on line 6; indent it by 4',
    ],
  );
});

Deno.test("an unclosed quote is one issue, at the quote", () => {
  for (const quote of ['"', "'"]) {
    assert.deepEqual(
      issues(
        ...HEAD,
        "  - name: git_status",
        `    description: ${quote}Show the working tree status`,
        "    command: status",
        "  - name: git_log",
        "    description: Show the commit history",
      ),
      [
        `5:18: The value starts with ${quote} but has no closing ${quote}; ` +
        `add ${quote} at the end of the value`,
      ],
    );
  }
});

// configs/jq.yaml, as lines, for the mistakes made in a real config.
const JQ = Deno.readTextFileSync(new URL("../configs/jq.yaml", import.meta.url)).split("\n");

/** configs/jq.yaml's lines with `text` added at the end of its line `line` (1-based). */
function jqWith(line: number, text: string): string[] {
  return JQ.map((written, n) => n === line - 1 ? written + text : written);
}

Deno.test("a quote never closed above the block its key holds is one issue, at the quote", () => {
  assert.equal(JQ[10], "    args:");
  assert.deepEqual(issues(...jqWith(11, ' "unterminated')), [
    '11:11: The value starts with " but has no closing ", and "args:" holds the lines indented below it; remove the value',
  ]);
  assert.deepEqual(issues(...jqWith(11, " 'unterminated")), [
    "11:11: The value starts with ' but has no closing ', and \"args:\" holds the lines indented below it; remove the value",
  ]);
});

Deno.test("a quote never closed after a quoted value or a list is one issue, at the quote", () => {
  const description = JQ[2].length;
  assert.match(JQ[2], /^description: ".*"$/);
  assert.deepEqual(issues(...jqWith(3, ' "unterminated')), [
    `3:${description + 2}: This " is never closed, and the quoted value before it ends at ` +
    `column ${description}; quote the whole value as one, writing \\" for a " inside it`,
  ]);
  const tags = JQ[5].length;
  assert.match(JQ[5], /^tags: \[.*\]$/);
  assert.deepEqual(issues(...jqWith(6, " 'unterminated")), [
    `6:${tags + 2}: This ' is never closed, and the list before it, the whole value, ends at ` +
    `column ${tags}; remove what follows the list, or move it inside`,
  ]);
});

Deno.test("a quote never closed is mended as its message says, and the text then reads as meant", () => {
  const jq = YAML.parse(JQ.join("\n"));
  const mended = (line: number, text: string) =>
    YAML.parse(diagnoseYaml(jqWith(line, text).join("\n")).mended);
  assert.deepEqual(mended(11, ' "unterminated').tools[0].args, jq.tools[0].args);
  assert.equal(mended(3, ' "unterminated').description, `${jq.description}" "unterminated`);
  assert.deepEqual(mended(6, " 'unterminated").tags, jq.tags);
});

Deno.test("a quote opened at the end of any line and never closed is the one YAML issue, there", () => {
  for (const [n, written] of JQ.entries()) {
    if (written.trim() === "") continue;
    for (const quote of ['"', "'"]) {
      let found: ConfigIssue[] = [];
      try {
        parseConfig(jqWith(n + 1, ` ${quote}unterminated`).join("\n"), { onWarning: () => {} });
      } catch (error) {
        assert.ok(error instanceof ConfigError, String(error));
        found = error.issues;
      }
      // A plain value may hold a quote; such a config is refused only for what its value means.
      const syntax = found.filter((issue) => issue.path === "");
      if (syntax.length === 0) continue;
      assert.deepEqual(
        [syntax.length, syntax[0].line, syntax[0].column],
        [1, n + 1, written.length + 2],
        `${n + 1}: ${written}${quote}: ${syntax.map((issue) => issue.message).join("\n")}`,
      );
    }
  }
});

Deno.test("a quote inside a quoted value is reported where it ends the value early", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_status",
      '    description: "Run "git status" before a commit"',
      "    command: status",
    ),
    [
      '5:23: This " ends the quoted value early, and the text after it is not YAML; write \\" for a " inside the value',
    ],
  );
});

Deno.test('a plain value holding ": " is told to be quoted', () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_status",
      "    description: Status: staged, unstaged and untracked files",
      "    command: status",
    ),
    [
      '5:18: A value without quotes cannot hold ": " or end in ":", since YAML reads that as a key; quote the value: "Status: staged, unstaged and untracked files"',
    ],
  );
});

Deno.test("a bracket never closed, or closed by the wrong one, is reported at the bracket", () => {
  assert.deepEqual(
    issues(...HEAD, "  - name: git_log", "    description: Show commits", "    args: [a, b"),
    ["6:11: The [ here is never closed; add ] at the end of the list"],
  );
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_log",
      "    description: Show the commit history",
      "    args:",
      "      - { name: format, enum: [oneline, short, full }",
      "    command: log",
    ),
    ["7:53: The [ at column 31 is not closed before this }; add ] before it"],
  );
});

Deno.test("two mistakes are both reported, and what the parser finds besides them is kept", () => {
  assert.deepEqual(
    issues(
      "name: git",
      "command: git",
      "command: git",
      "tools:",
      "  - name: git_status",
      "    description: Show the working tree status",
      '    command: "status',
      "  - name: git_log",
      "    description: Show the commit history",
      "   command: log",
    ),
    [
      '3:1: command: Duplicate key "command"; each key may appear once in a mapping',
      '7:14: The value starts with " but has no closing "; add " at the end of the value',
      '10:4: The key "command" is indented by 3 spaces where its sibling keys use 4',
    ],
  );
});

Deno.test("the parser's error stands where no diagnosis applies", () => {
  assert.deepEqual(
    issues(...HEAD, "  - name: git_status", "\tdescription: Show the working tree status"),
    ["5:1: Plain value cannot start with a tab character"],
  );
});

Deno.test("block scalars, multi-line strings and comments are read as the YAML they are", () => {
  assert.deepEqual(
    issues(
      ...HEAD,
      "  - name: git_log",
      "    description: |",
      "      Show the commit history:",
      '      - "not an item" of a list',
      "      # not a comment",
      "    command: log",
      "# a comment at the margin",
      "    args:",
      '      - { name: format, description: "one line,',
      '          continued", enum: [oneline,',
      "          short] }",
      "      - name: path",
      "        description: A path",
      "          continued on the next line - with a dash",
      "      - name: author",
      "       flag: --author",
    ),
    ['19:8: The key "flag" is indented by 7 spaces where its sibling keys use 8'],
  );
});

Deno.test("the diagnosis finds nothing in the bundled configs and the test fixtures", async () => {
  const dirs = ["../configs/", "./fixtures/cli/", "./fixtures/cli/valid/"];
  let read = 0;
  for (const dir of dirs) {
    const url = new URL(dir, import.meta.url);
    for await (const entry of Deno.readDir(url)) {
      if (!/\.ya?ml$/.test(entry.name)) continue;
      const text = await Deno.readTextFile(new URL(entry.name, url));
      assert.deepEqual(diagnoseYaml(text).issues, [], `${dir}${entry.name}`);
      read++;
    }
  }
  assert.ok(read > 18);
});

Deno.test("the diagnosis finds nothing in any YAML the yaml package writes", () => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 4 }),
      fc.integer({ min: 1, max: 4 }),
      fc.boolean(),
      (value, indent, indentSeq) => {
        const text = YAML.stringify(value, { indent, indentSeq });
        assert.deepEqual(diagnoseYaml(text).issues, [], text);
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("the mended text has the same lines, with the mistakes mended as their messages say", () => {
  const text = [
    ...HEAD,
    ...STATUS,
    " - name: git_log",
    '    description: "Show the commit history',
    "    args: [a, b",
    "",
  ].join("\n");
  const diagnosis = diagnoseYaml(text);
  assert.deepEqual(diagnosis.issues.map((issue) => [issue.line, issue.column]), [
    [7, 2],
    [8, 18],
    [9, 11],
  ]);
  assert.equal(
    diagnosis.mended,
    [
      ...HEAD,
      ...STATUS,
      "  - name: git_log",
      '    description: "Show the commit history"',
      "    args: [a, b]",
      "",
    ].join("\n"),
  );
  assert.deepEqual([...diagnosis.mendedLines], [7, 8, 9]);
  assert.deepEqual(YAML.parse(diagnosis.mended).tools[1].args, ["a", "b"]);
});
