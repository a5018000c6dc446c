import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/*
 * ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the
 * module object, at runtime (and in the bundle) it may be either shape.
 */
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/** Compiles a schema with Ajv 2020-12 in strict mode; union types (`["string","null"]`) are part of our schemas. */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** Ajv errors as `<json pointer>: <message>` lines, bounded so a broken artifact cannot flood a log. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 50).map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
}
