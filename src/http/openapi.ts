// The service's OpenAPI 3.1 document, generated from the route table: each route's parameters
// from the tables its validator reads, its answers from the schemas of what its handler
// returns, shared shapes as components. Loaded on the first request for /openapi.json, with
// the answer schemas, so that a cold start pays for neither.
import { z } from "zod";
import { ANSWER_SCHEMAS, components } from "./answer_schemas.ts";
import { MAX_LIMIT, MAX_QUERY_LENGTH } from "../answer/params.ts";
import { PACKAGE_VERSION } from "../answer/package_version.ts";
import { type Route, ROUTES } from "./routes.ts";
import type { ParamSpec, ParamSpecs } from "./query.ts";

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.1 document of the service, for a catalogue of the content hash `contentHash`. */
export function serviceDocument(contentHash: string): Record<string, unknown> {
  const info = {
    title: "tool-index",
    version: PACKAGE_VERSION,
    "x-content-version": contentHash,
    description:
      `Progressive discovery of MCP tools: search the catalogue, then fetch one tool. limit is 0 to ${MAX_LIMIT}; query is at most ${MAX_QUERY_LENGTH} characters.`,
  };
  const uri = (id: string) => `#/components/schemas/${id}`;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; a component is named by its place in the
  // document, so the `$id` and `$schema` zod writes on each are left out.
  const options = {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
  } as const;
  const schemas: Record<string, JsonSchema> = {};
  for (
    const [id, schema] of Object.entries(z.toJSONSchema(components, { ...options, uri }).schemas)
  ) {
    const { $id: _id, $schema: _schema, ...rest } = schema as JsonSchema;
    schemas[id] = rest;
  }
  const schemaOf = (schema: z.ZodType): JsonSchema => {
    const id = components.get(schema)?.id;
    if (id !== undefined) return { $ref: uri(id) };
    const { $schema: _schema, ...rest } = z.toJSONSchema(schema, options) as JsonSchema;
    return rest;
  };

  const parameters = (where: "query" | "path", specs: ParamSpecs = {}) =>
    Object.entries(specs).map(([name, spec]) => ({
      name,
      in: where,
      // A path's parameters are always there; every query parameter may be left out.
      required: where === "path",
      description: spec.description,
      schema: paramSchema(spec),
    }));

  const paths: Record<string, unknown> = {};
  for (const route of ROUTES as readonly Route[]) {
    const doc = route.doc;
    if (doc === undefined) continue;
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(doc.responses)) {
      const types = answer.types ??
        [answer.schema === "Problem" ? "application/problem+json" : "application/json"];
      const schema = schemaOf(ANSWER_SCHEMAS[answer.schema]);
      responses[status] = {
        description: answer.description,
        content: Object.fromEntries(types.map((type) => [type, { schema }])),
      };
    }
    const params = [...parameters("path", doc.params), ...parameters("query", doc.query)];
    const body = doc.post && {
      required: true,
      description: doc.post.description,
      content: { "application/json": { schema: schemaOf(ANSWER_SCHEMAS[doc.post.body]) } },
    };
    paths[route.path] = {
      [body ? "post" : "get"]: {
        summary: doc.summary,
        description: doc.description,
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(body ? { requestBody: body } : {}),
        responses,
      },
    };
  }
  return { openapi: "3.1.0", info, paths, components: { schemas } };
}

/** The JSON Schema of what a parameter becomes once its validator has read it. */
function paramSchema(spec: ParamSpec): JsonSchema {
  switch (spec.kind) {
    case "text":
      return {
        type: "string",
        ...(spec.minLength === undefined ? {} : { minLength: spec.minLength }),
        maxLength: spec.maxLength,
      };
    case "count":
      return {
        ...(spec.default === undefined ? {} : { default: spec.default }),
        type: "integer",
        minimum: 0,
        maximum: spec.max,
      };
    case "choice":
      return { default: spec.default, type: "string", enum: [...spec.values] };
  }
}
