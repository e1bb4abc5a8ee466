/**
 * A shape's reader made at run time from its spec: what the generated tables write as straight-line
 * code (generator/emit/shape-readers.ts), for tables that are built as data (tests, the generator's
 * own expectations of the mocks). Both read the same: `present` paths by own property or array
 * index, `equals` by strict equality, each text from its path and then its mirrors.
 */
import { firstText, hasPath, readPath } from './body.js';
import { fieldErrors } from './decode.js';
import type { BodyPath, ShapeReads, ShapeRule, ShapeSpec } from './spec.js';

type TextKey = 'code' | 'message' | 'human' | 'detail' | 'kind';
const TEXT_KEYS: readonly TextKey[] = ['code', 'message', 'human', 'detail', 'kind'];

/** The texts a shape reads, each from its path and then from its mirrors (generator/emit/shape-readers.ts writes the same reads as code). */
export function textReads(spec: ShapeSpec): { readonly key: TextKey; readonly paths: readonly BodyPath[] }[] {
  return TEXT_KEYS.flatMap((key) => {
    const path = spec.read[key];
    return path === undefined ? [] : [{ key, paths: [path, ...mirrorsOf(spec, path)] }];
  });
}

/** The reader of one shape. */
export function shapeRule(spec: ShapeSpec): ShapeRule {
  const texts = textReads(spec);
  const { present, equals, fieldErrors: list } = spec;
  const status = spec.read.status;
  return {
    name: spec.name,
    read: (body) => {
      for (const path of present) if (!hasPath(body, path)) return undefined;
      for (const e of equals) if (readPath(body, e.path) !== e.value) return undefined;
      const reads: { -readonly [K in keyof ShapeReads]: ShapeReads[K] } = {};
      for (const { key, paths } of texts) reads[key] = firstText(...paths.map((path) => readPath(body, path)));
      if (status !== undefined) reads.status = readPath(body, status);
      if (list !== undefined) reads.fields = fieldErrors(readPath(body, list.path), list.field, list.message);
      return reads;
    },
  };
}

/** The readers of every shape of the tables, by name. */
export function shapeRules(specs: Readonly<Record<string, ShapeSpec>>): Readonly<Record<string, ShapeRule>> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, shapeRule(spec)]));
}

/** The paths that carry the same text as `path` when it is absent (mirrors name their source by its dotted form). */
function mirrorsOf(spec: ShapeSpec, path: BodyPath): BodyPath[] {
  const key = path.join('.');
  return spec.mirrors.filter((m) => m.source.join('.') === key).map((m) => m.path);
}
