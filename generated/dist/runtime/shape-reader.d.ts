import type { BodyPath, ShapeRule, ShapeSpec } from './spec.js';
type TextKey = 'code' | 'message' | 'human' | 'detail' | 'kind';
/** The texts a shape reads, each from its path and then from its mirrors (generator/emit/shape-readers.ts writes the same reads as code). */
export declare function textReads(spec: ShapeSpec): {
    readonly key: TextKey;
    readonly paths: readonly BodyPath[];
}[];
/** The reader of one shape. */
export declare function shapeRule(spec: ShapeSpec): ShapeRule;
/** The readers of every shape of the tables, by name. */
export declare function shapeRules(specs: Readonly<Record<string, ShapeSpec>>): Readonly<Record<string, ShapeRule>>;
export {};
