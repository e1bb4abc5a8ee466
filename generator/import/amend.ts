/**
 * What a description can say that the contract format refuses, amended in the imported contract
 * from the model's own findings (so the one rule that refuses a contract file decides here too),
 * each amendment reported as a warning where the part came from:
 *
 * - `format: binary` inside a body that travels as JSON (json-bytes.ts): JSON carries no bytes, and
 *   what such a server sends there is base64 text, so the field is read as `string`, `format: byte`;
 * - a type that holds itself through required fields, which no finite value has
 *   (finite-values.ts): the field that closes the cycle is read as optional.
 */
import { knowledge } from '../model/knowledge.js';
import { cyclePath } from '../model/finite-values.js';
import type { RawPath } from '../model/context.js';
import type { Contract } from '../model/types.js';
import { own, setOwn } from '../records.js';
import { isObject, type ImportWarning, type Out, type OutValue } from './context.js';

/** Amends `data` (the imported contract, changed in place) where `model`, built from it, finds bytes in JSON or types without a value; the warnings say what changed. */
export function amend(data: Out, model: Contract, pointerOf: (path: RawPath) => string): ImportWarning[] {
  const known = knowledge(model);
  const warnings: ImportWarning[] = [];
  for (const { path } of known.bytesInJson) {
    if (!replace(data, path, asBase64)) continue;
    warnings.push({ pointer: pointerOf(path), cause: 'bytes-in-json', message: `bytes (format: binary) at ${where(path)} travel inside a JSON body, which carries no bytes: read as base64 text (format: byte)` });
  }
  for (const cycle of known.finiteValues.cycles) {
    const step = cycle.find((s) => s.field !== undefined);
    if (step?.field === undefined) continue;
    const path = cyclePath(step);
    const names = cycle.map((s) => (s.field === undefined ? s.type.name : `${s.type.name}.${s.field.name}`));
    if (!replace(data, path, optional)) continue;
    warnings.push({ pointer: pointerOf(path), cause: 'required-cycle', message: `every ${step.type.name} would need another through ${[...names, step.type.name].join(' → ')}, so no value could end: ${step.type.name}.${step.field.name} is read as optional` });
  }
  return warnings;
}

/** A `binary` written as a name, a type in place (a field) or a named type, as base64 text. */
function asBase64(value: OutValue): OutValue {
  if (value === 'binary') return { type: 'string', format: 'byte' };
  if (!isObject(value)) return value;
  const key = value['kind'] === 'binary' ? 'kind' : 'type';
  return { ...value, [key]: 'string', format: 'byte' };
}

function optional(value: OutValue): OutValue {
  if (!isObject(value)) return value;
  const { required: _required, ...rest } = value;
  return rest;
}

/** Replaces the value at `path` with `change(value)`; false when the path leads nowhere or nothing changed. */
function replace(data: Out, path: RawPath, change: (value: OutValue) => OutValue): boolean {
  let node: OutValue = data;
  for (const step of path.slice(0, -1)) node = child(node, step);
  const last = path[path.length - 1];
  const before = last === undefined ? undefined : child(node, last);
  const after = change(before);
  if (before === undefined || after === before) return false;
  if (Array.isArray(node) && typeof last === 'number') node[last] = after;
  else if (isObject(node) && last !== undefined) setOwn(node as Record<string, unknown>, String(last), after);
  else return false;
  return true;
}

function child(node: OutValue, step: string | number): OutValue {
  if (Array.isArray(node)) return typeof step === 'number' ? node[step] : undefined;
  return isObject(node) ? own(node as Out, String(step)) : undefined;
}

/** A contract path as people read it: a type's field `Doc.content`, its items `Doc.pages[]`, map values `{}`, union members `|1`. */
function where(path: RawPath): string {
  if (path[0] !== 'types') return path.map(String).join('.');
  let text = String(path[1]);
  for (let i = 2; i < path.length; i++) {
    const step = path[i];
    if (step === 'fields') text += `.${String(path[++i])}`;
    else if (step === 'items') text += '[]';
    else if (step === 'values') text += '{}';
    else if (step === 'members') text += `|${String(path[++i])}`;
  }
  return text;
}
