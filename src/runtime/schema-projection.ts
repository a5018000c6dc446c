/**
 * Provider-facing schema projection: the exact schema with declared keywords removed
 * (e.g. OpenAI strict mode rejects `uniqueItems`). The walk only removes keywords in
 * schema positions, so a *property named* `uniqueItems` survives. The exact schema is
 * never modified; the AI Core still validates the output against it locally.
 */

/** Keywords whose value is one subschema. */
const SINGLE_SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalItems',
] as const;
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function projectNode(node: unknown, drop: ReadonlySet<string>): unknown {
  // Boolean schemas and anything malformed pass through unchanged.
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (drop.has(keyword)) continue;
    if ((SINGLE_SCHEMA_KEYWORDS as readonly string[]).includes(keyword)) {
      out[keyword] = Array.isArray(value) ? value.map((item) => projectNode(item, drop)) : projectNode(value, drop);
    } else if ((SCHEMA_ARRAY_KEYWORDS as readonly string[]).includes(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((item) => projectNode(item, drop));
    } else if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(keyword) && isRecord(value)) {
      const mapped: Record<string, unknown> = {};
      for (const [name, subschema] of Object.entries(value)) mapped[name] = projectNode(subschema, drop);
      out[keyword] = mapped;
    } else {
      out[keyword] = value;
    }
  }
  return out;
}

export function projectSchema(schema: Record<string, unknown>, dropKeywords: readonly string[]): Record<string, unknown> {
  return projectNode(schema, new Set(dropKeywords)) as Record<string, unknown>;
}

/** Keywords (in schema positions) that occur in a schema, for capability warnings. */
export function schemaKeywordsUsed(schema: unknown, keywords: readonly string[]): string[] {
  const wanted = new Set(keywords);
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (!isRecord(node)) return;
    for (const [keyword, value] of Object.entries(node)) {
      if (wanted.has(keyword)) found.add(keyword);
      if ((SINGLE_SCHEMA_KEYWORDS as readonly string[]).includes(keyword)) {
        if (Array.isArray(value)) value.forEach(visit);
        else visit(value);
      } else if ((SCHEMA_ARRAY_KEYWORDS as readonly string[]).includes(keyword) && Array.isArray(value)) {
        value.forEach(visit);
      } else if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(keyword) && isRecord(value)) {
        Object.values(value).forEach(visit);
      }
    }
  };
  visit(schema);
  return [...found].sort();
}
