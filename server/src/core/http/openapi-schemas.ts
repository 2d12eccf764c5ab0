import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';

// class-transformer keeps its @Type registry here (typed in types/storage.d.ts, not in the exports).
const { defaultMetadataStorage } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;

/** How much a schema says: its fields, then its links to nested schemas. */
const richness = (schema: object): number => {
  const text = JSON.stringify(schema);
  return (
    Object.keys((schema as { properties?: object }).properties ?? {}).length * 1000 +
    text.split('"$ref"').length
  );
};

/**
 * The DTOs in libs/contracts describe their fields with class-validator only (no @ApiProperty), so
 * the document Nest builds names each request body but lists no fields. This fills every DTO's
 * schema from the same class-validator (and class-transformer, for nested types) metadata the
 * validation pipe enforces, so the documentation cannot drift from what the API accepts.
 */
export function withDtoSchemas(document: OpenAPIObject): OpenAPIObject {
  // One schema per validated class, with inherited rules (class-validator's own lookup). A class
  // loaded twice under one name (sources and build side by side in tests) keeps its fuller schema.
  const options = {
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: '#/components/schemas/',
  };
  const generated: Schemas = {};
  const targets = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> };
  for (const target of targets.validationMetadatas.keys()) {
    if (typeof target !== 'function' || !target.name) continue;
    const schema = targetConstructorToSchema(target, options) as Schemas[string];
    const known = generated[target.name];
    if (!known || richness(schema) > richness(known)) generated[target.name] = schema;
  }
  const existing: Schemas = document.components?.schemas ?? {};
  const schemas: Schemas = { ...existing };
  type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };
  for (const [name, schema] of Object.entries(generated) as [string, ObjectSchema][]) {
    const current = existing[name] as ObjectSchema | undefined;
    // Field by field: what Nest already described (an @ApiProperty) wins, the rest comes from the rules.
    schemas[name] = {
      ...schema,
      ...current,
      properties: { ...schema.properties, ...current?.properties },
      required: [...new Set([...(schema.required ?? []), ...(current?.required ?? [])])],
    } as Schemas[string];
  }
  return { ...document, components: { ...document.components, schemas } };
}
