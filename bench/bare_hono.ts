// The anchor of the service benchmarks: a Hono app with one route and nothing else.
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.json({ status: "ok" }));

export default { fetch: app.fetch };
