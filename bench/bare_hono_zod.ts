// The floor of the cold-start benchmark for the stack the service must use: the bare Hono app
// of bare_hono.ts with its one route's query validated by zod through Hono's validator, as the
// service validates its routes.
import { Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";

const query = z.object({ limit: z.coerce.number().int().min(0).max(100).optional() });

const app = new Hono();
app.get(
  "/",
  validator("query", (value, c) => {
    const parsed = query.safeParse(value);
    return parsed.success ? parsed.data : c.json({ error: parsed.error.message }, 400);
  }),
  (c) => c.json({ status: "ok", limit: c.req.valid("query").limit ?? null }),
);

export default { fetch: app.fetch };
