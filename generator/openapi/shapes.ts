/**
 * Error shapes and host envelopes as schemas. A shape's schema is its body type plus its `match`
 * conditions (required paths, constant values), so the shapes of a host exclude one another and
 * the envelope can be their `oneOf`. Everything the decoder reads (match, read, field errors,
 * mirrors, code and message tables) is kept in `x-contractgen-*` extensions.
 */
import { knowledge } from '../model/knowledge.js';
import type { BodyPath, CodeRow, Contract, ErrorShape, Host, MessageRow, MessageTable } from '../model/types.js';
import { typeRefSchema } from './schemas.js';
import { flag, nonEmpty, paragraphs, ref, type Json, type JsonObject } from './json.js';

export const shapeSchemaName = (shape: string): string => `ErrorShape.${shape}`;
export const envelopeSchemaName = (host: string): string => `ErrorEnvelope.${host}`;

export function errorSchemas(contract: Contract): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const shape of contract.shapes) out[shapeSchemaName(shape.name)] = shapeSchema(contract, shape);
  for (const host of contract.hosts) out[envelopeSchemaName(host.name)] = envelopeSchema(contract, host);
  return out;
}

function shapeSchema(contract: Contract, shape: ErrorShape): JsonObject {
  const match = matchSchema(shape);
  const head = { description: shape.description };
  const body = shape.body === undefined ? { ...head, ...match } : { ...head, allOf: [typeRefSchema(shape.body, knowledge(contract)), match] };
  return { ...body, 'x-contractgen-shape': shapeData(shape) };
}

/** How the decoder recognises and reads the shape, as the contract writes it. */
function shapeData(shape: ErrorShape): JsonObject {
  const errors = shape.fieldErrors;
  return {
    match: {
      present: nonEmpty(shape.match.present.map(dotted)),
      equals: shape.match.equals.length === 0 ? undefined : Object.fromEntries(shape.match.equals.map((e) => [dotted(e.path), e.value])),
    },
    read: Object.fromEntries(Object.entries(shape.read).map(([key, path]) => [key, dotted(path)])),
    fieldErrors: errors === undefined ? undefined : { path: dotted(errors.path), field: errors.field === undefined ? undefined : dotted(errors.field), message: dotted(errors.message) },
    mirrors: shape.mirrors.length === 0 ? undefined : Object.fromEntries(shape.mirrors.map((m) => [dotted(m.path), dotted(m.source)])),
  };
}

function dotted(path: BodyPath): string {
  return path.join('.');
}

/** What a body must hold at the paths of `match`, as one nested schema. */
interface MatchNode {
  readonly keys: Map<string, MatchNode>;
  readonly items: Map<number, MatchNode>;
  value?: string | number | boolean;
}

function matchSchema(shape: ErrorShape): JsonObject {
  const root = node();
  for (const path of shape.match.present) at(root, path);
  for (const { path, value } of shape.match.equals) at(root, path).value = value;
  return nodeSchema(root);
}

function node(): MatchNode {
  return { keys: new Map(), items: new Map() };
}

function at(root: MatchNode, path: BodyPath): MatchNode {
  let current = root;
  for (const segment of path) {
    const children: Map<string | number, MatchNode> = typeof segment === 'number' ? current.items : current.keys;
    let next = children.get(segment);
    if (next === undefined) children.set(segment, (next = node()));
    current = next;
  }
  return current;
}

function nodeSchema(n: MatchNode): JsonObject {
  if (n.value !== undefined) return { const: n.value };
  if (n.items.size > 0) {
    const length = Math.max(...n.items.keys()) + 1;
    const prefixItems = Array.from({ length }, (_, i) => {
      const item = n.items.get(i);
      return item === undefined ? {} : nodeSchema(item);
    });
    return { type: 'array', minItems: length, prefixItems };
  }
  if (n.keys.size === 0) return {};
  // fromEntries makes own keys: assigning one named `__proto__` would set the prototype instead.
  const properties: Record<string, Json> = Object.fromEntries([...n.keys].map(([key, child]) => [key, nodeSchema(child)]));
  return { type: 'object', required: [...n.keys.keys()], properties };
}

function envelopeSchema(contract: Contract, host: Host): JsonObject {
  const shapes = knowledge(contract).hostShapes(host);
  return {
    description: paragraphs([
      shapes.length === 0
        ? `Error bodies of the ${host.name} host: no shape is given, so any body.`
        : `Error bodies of the ${host.name} host: one of its shapes, recognised in this order: ${shapes.join(', ')}.`,
      host.description,
    ]),
    oneOf: nonEmpty(shapes.map((s) => ref('schemas', shapeSchemaName(s)))),
    'x-contractgen-recognition-order': shapes,
    // The host's own shapes, without those its endpoints add (recognised after them).
    'x-contractgen-shapes': nonEmpty(host.shapes),
    'x-contractgen-codes': {
      shape: host.codes.shape,
      open: host.codes.open,
      description: host.codes.description,
      rows: host.codes.rows.map(codeRow),
    },
    'x-contractgen-messages': host.messages === undefined ? undefined : messageTable(host.messages),
  };
}

function codeRow(row: CodeRow): JsonObject {
  return { status: row.status, code: row.code, kind: row.kind, category: row.category, description: row.description };
}

function messageTable(table: MessageTable): JsonObject {
  return {
    description: table.description,
    root: table.root,
    aliases: table.aliases.length === 0 ? undefined : Object.fromEntries(table.aliases.map((a) => [a.message, a.request])),
    rows: table.rows.map(messageRow),
  };
}

function messageRow(row: MessageRow): JsonObject {
  return {
    id: row.id,
    pattern: row.pattern,
    empty: flag(row.empty),
    all: flag(row.all),
    status: row.status,
    fields: row.fields,
    ambiguous: flag(row.ambiguous),
    example: row.example,
    expect: row.expect,
    retry: row.retry,
    policy: row.policy,
    category: row.category,
    cause: row.cause,
  };
}
