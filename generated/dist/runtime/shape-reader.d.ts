import type { BodyPath, ShapeRule, ShapeSpec } from './spec.js';
/** The reader of one shape. */
export declare function shapeRule(spec: ShapeSpec): ShapeRule;
/** The readers of every shape of the tables, by name. */
export declare function shapeRules(specs: Readonly<Record<string, ShapeSpec>>): Readonly<Record<string, ShapeRule>>;
/** The paths that carry the same text as `path` when it is absent (mirrors name their source by its dotted form). */
export declare function mirrorsOf(spec: ShapeSpec, path: BodyPath): BodyPath[];
