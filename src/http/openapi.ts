// The OpenAPI 3.1 document, generated from the zod schemas the routes validate with: the query
// and path parameters from the validators' schemas, the answers from the schemas of what the
// handlers return, shared shapes as components.
import { z } from "zod";

/** One answer of a route in the document. */
export interface AnswerDoc {
  description: string;
  contentType: "application/json" | "application/problem+json";
  schema: z.ZodType;
}

/** One route in the document. */
export interface RouteDoc {
  path: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  responses: Record<number, AnswerDoc>;
}

/** What the document says about the service itself. */
export interface ApiInfo {
  title: string;
  version: string;
  description: string;
}

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.1 document of `routes`, naming the schemas of `components` by their ids. */
export function openApiDocument(
  routes: readonly RouteDoc[],
  info: ApiInfo,
  components: z.core.$ZodRegistry<{ id: string }>,
): Record<string, unknown> {
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
  const idOf = (schema: z.ZodType) => components.get(schema)?.id;
  const schemaOf = (schema: z.ZodType): JsonSchema => {
    const id = idOf(schema);
    if (id !== undefined) return { $ref: uri(id) };
    const { $schema: _schema, ...rest } = z.toJSONSchema(schema, options) as JsonSchema;
    return rest;
  };

  const parameters = (where: "query" | "path", object: z.ZodObject | undefined) =>
    Object.entries(object?.shape ?? {}).map(([name, field]) => {
      const { description, ...schema } = schemaOf(field as z.ZodType);
      return {
        name,
        in: where,
        required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
        ...(description === undefined ? {} : { description }),
        schema,
      };
    });

  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(route.responses)) {
      responses[status] = {
        description: answer.description,
        content: { [answer.contentType]: { schema: schemaOf(answer.schema) } },
      };
    }
    const params = [...parameters("path", route.params), ...parameters("query", route.query)];
    paths[route.path] = {
      get: {
        summary: route.summary,
        description: route.description,
        ...(params.length > 0 ? { parameters: params } : {}),
        responses,
      },
    };
  }
  return { openapi: "3.1.0", info, paths, components: { schemas } };
}
