import { errorBodySchema, type HttpRouteSpec, listHttpRoutes, pathParams } from '@reelbench/sdk/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); transforms and custom checks become `{}`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function parameters(spec: HttpRouteSpec): JsonSchema[] {
  const path = pathParams(spec.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (spec.query === undefined) return path;
  const query = jsonSchema(spec.query, 'input') as { properties?: JsonSchema; required?: string[] };
  return [
    ...path,
    ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query.required?.includes(name) ?? false,
      schema,
    })),
  ];
}

function requestBody(spec: HttpRouteSpec): JsonSchema | undefined {
  if (spec.body === undefined) return undefined;
  const schema = jsonSchema(spec.body, 'input');
  if (!spec.multipart) return { required: true, content: json(schema) };
  const fields = schema as { properties?: JsonSchema; required?: string[] };
  const file = spec.fileField ?? 'file';
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...fields.properties,
            [file]: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
          required: [...(fields.required ?? []), file],
        },
      },
    },
  };
}

function operation(group: string, name: string, spec: HttpRouteSpec): JsonSchema {
  const body = requestBody(spec);
  return {
    operationId: `${group}.${name}`,
    tags: [group],
    ...(spec.auth ? { security: [{ bearer: [] }] } : { security: [] }),
    parameters: parameters(spec),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '2XX': { description: 'Success', content: json(jsonSchema(spec.response, 'output')) },
      default: {
        description: 'A catalogue error',
        content: json({ $ref: '#/components/schemas/ErrorBody' }),
      },
    },
  };
}

/** The OpenAPI 3.1 document of HTTP_ROUTES, generated from the contract's schemas. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { group, name, spec } of listHttpRoutes()) {
    const path = spec.path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(group, name, spec) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reelbench', version },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
