// A fuzzer nobody here wrote: schemathesis, from PyPI, generates requests from the service's own
// /openapi.json (every documented route, its examples, negative cases, and stateful sequences) and
// checks that no answer is a 5xx or contradicts the document. Bounded in examples and time.
//
// One check is left out, with its reason: `positive_data_acceptance` expects any request the
// document allows to be taken, but a cursor is a signed token a schema cannot describe, and a
// forged one is refused (400) by design.
import assert from "node:assert/strict";
import { serveEntry } from "../support/server.ts";
import { NO_VENV, venvProgram } from "./_servers.ts";

const schemathesis = venvProgram("schemathesis");

Deno.test({
  name: "schemathesis finds no 5xx and no answer that contradicts /openapi.json",
  ignore: schemathesis === null,
  async fn() {
    const service = await serveEntry("main.ts", "/healthz");
    // Its cache goes to a folder of its own, not the project's.
    const cwd = await Deno.makeTempDir();
    try {
      const { code, stdout } = await new Deno.Command(schemathesis!, {
        args: [
          "run",
          `${service.base}/openapi.json`,
          "--checks",
          "all",
          "--exclude-checks",
          "positive_data_acceptance",
          "--max-examples",
          "25",
          "--seed",
          "38",
          "--request-timeout",
          "10",
        ],
        cwd,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const report = new TextDecoder().decode(stdout);
      assert.equal(code, 0, report.slice(report.indexOf("FAILURES")));
    } finally {
      await service.stop();
      await Deno.remove(cwd, { recursive: true });
    }
  },
});

if (schemathesis === null) console.warn(`The fuzz test is skipped: ${NO_VENV}`);
