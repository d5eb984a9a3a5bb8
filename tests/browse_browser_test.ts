// The browse page in a real Chromium (Debian's, driven by puppeteer-core) against
// `deno serve main.ts` on loopback: typing finds the right tool without a reload, filters and
// paging work, a tool opens, a snippet copies, the page works with JavaScript off, nothing
// leaves the service's origin and the console stays clean. Screenshots at 375 and 1280 px go to
// the directory SCREENSHOT_DIR names, else a new temporary one, which the test prints. Skipped,
// saying so, where no Chromium is.
import assert from "node:assert/strict";
import { serveEntry } from "../support/server.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
  .find((path) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  });

if (CHROMIUM === undefined) {
  console.warn("browse_browser_test: no Chromium installed (apt-get install -y chromium); skipped");
}

Deno.test({
  name: "the browse page in Chromium: search as you type, filter, page, open a tool, copy, no JS",
  ignore: CHROMIUM === undefined,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { default: puppeteer } = await import("npm:puppeteer-core@25.16.0");
    const service = await serveEntry("main.ts", "/healthz");
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--headless=new"],
    });
    const shots = Deno.env.get("SCREENSHOT_DIR") ?? await Deno.makeTempDir({ prefix: "browse_" });
    try {
      const context = await browser.createBrowserContext();
      await context.overridePermissions(service.base, [
        "clipboard-read",
        "clipboard-write",
        "clipboard-sanitized-write",
      ]);
      const page = await context.newPage();
      const problems: string[] = [];
      const elsewhere: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warn") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(String(error)));
      page.on("request", (request) => {
        if (!request.url().startsWith(service.base)) elsewhere.push(request.url());
      });

      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(`${service.base}/`, { waitUntil: "load" });
      // Typing updates the results without a reload, and the URL follows.
      // A mark on the window: a reload would wipe it.
      await page.evaluate("window.notReloaded = true");
      await page.type("#query", "show the containers that are up");
      await page.waitForSelector("#results");
      await page.waitForFunction(() => location.search.includes("query="));
      const first = await page.$eval("#results + ol strong", (el) => el.textContent);
      assert.equal(first, "docker_ps");
      assert.equal(await page.evaluate("window.notReloaded"), true, "no reload");
      assert.match(page.url(), /query=show\+the\+containers\+that\+are\+up/);
      await page.screenshot({ path: `${shots}/browse_1280.png` });
      // Back returns to the page before the typing, not out of the site. A step within the
      // page's own history reloads it: a mark on the window tells the new page from the old.
      await page.evaluate("window.mark = 1; setTimeout(() => history.back(), 0)");
      await page.waitForFunction(
        "window.mark === undefined && location.search === '' && document.readyState === 'complete'",
      );
      assert.equal(page.url(), `${service.base}/`);
      await page.evaluate("window.mark = 1; setTimeout(() => history.forward(), 0)");
      await page.waitForFunction(
        "window.mark === undefined && location.search.includes('query=') && " +
          "document.querySelector('#results + ol strong') !== null",
      );
      assert.equal(await page.$eval("#results + ol strong", (el) => el.textContent), "docker_ps");

      // Filters chosen in the form, then the next page by its link.
      await page.goto(`${service.base}/`, { waitUntil: "load" });
      await page.select("#mode", "substring");
      await page.select("#cli", "aws");
      await page.waitForFunction("location.search.includes('cli=aws')");
      await page.waitForSelector('a[rel="next"]');
      const firstPage = await page.$$eval(
        "#results + ol strong",
        (els) => els.map((e) => e.textContent),
      );
      await Promise.all([page.waitForNavigation(), page.click('a[rel="next"]')]);
      const secondPage = await page.$$eval(
        "#results + ol strong",
        (els) => els.map((e) => e.textContent),
      );
      assert.ok(firstPage.length === 10 && secondPage.length > 0);
      assert.ok(
        secondPage.every((name) => !firstPage.includes(name)),
        "the next page, not the first",
      );

      // A tool opens, and its JSON copies.
      await Promise.all([page.waitForNavigation(), page.click("#results + ol a")]);
      assert.match(await page.$eval("h1", (el) => el.textContent ?? ""), /^aws_/);
      // The clipboard answers a focused page only.
      await page.bringToFront();
      await page.click("button.copy");
      await page.waitForFunction('document.querySelector("button.copy")?.textContent === "Copied"');
      const copied = String(await page.evaluate("navigator.clipboard.readText()"));
      const json = await page.$eval("#json ~ pre code", (el) => el.textContent);
      const command = await page.$eval("#command ~ pre code", (el) => el.textContent);
      assert.equal(copied, command, "the first snippet, the command line, was copied");
      assert.ok(json && JSON.parse(json).tool_name, "the JSON block holds the tool's JSON");

      await page.setViewport({ width: 375, height: 800 });
      await page.goto(`${service.base}/?query=disk%20usage%20of%20a%20folder`, {
        waitUntil: "load",
      });
      const width = Number(await page.evaluate("document.documentElement.scrollWidth"));
      assert.ok(width <= 375, `no horizontal scroll at 375 px (${width})`);
      await page.screenshot({ path: `${shots}/browse_375.png` });

      // With JavaScript off the form still searches, by a plain submit.
      const plain = await context.newPage();
      await plain.setJavaScriptEnabled(false);
      await plain.goto(`${service.base}/`, { waitUntil: "load" });
      await plain.type("#query", "show the containers that are up");
      await Promise.all([plain.waitForNavigation(), plain.click("button[type=submit]")]);
      assert.equal(await plain.$eval("#results + ol strong", (el) => el.textContent), "docker_ps");

      assert.deepEqual(problems, [], "no console errors");
      assert.deepEqual(elsewhere, [], "no request leaves the service's origin");
      console.log(`Screenshots at 1280 and 375 px: ${shots}`);
    } finally {
      await browser.close();
      await service.stop();
    }
  },
});
