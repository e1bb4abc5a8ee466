/**
 * The checks behind the `validators` entry, generated from the model: one function per named type
 * (per direction where requests and responses hold it differently) and per type written in place,
 * as straight-line JavaScript over templates/validate.ts. Each function `(v, is?) => boolean`
 * serves both passes (typia's two passes in one body):
 *
 * - without `is`: yes or no, stopping at the first failure, nothing allocated (`Schema.is`);
 * - with `is` (an `Issues`): every issue with its path. A part whose in-place yes-or-no
 *   expression passes is not looked into; only a failing one is, through `down(is, key, check,
 *   value)`, so a mostly valid value costs about one fast pass.
 *
 * What a JSON Schema validator decides at run time is decided here. Contract text reaches the
 * code only as string literals (naming.ts); function names are numbered.
 */
import { carries, isInt64, knowledge, type Direction, type Knowledge } from '../model/knowledge.js';
import { CONSTRAINT_KEYS, type Constraints, type Contract, type Field, type NamedType, type TypeRef } from '../model/types.js';
import { OBJECT_PROTOTYPE_NAMES, stringLiteral } from '../naming.js';

export type { Direction };
/** How a value is held: as requests send it, as responses carry it, or as a response body read as text (whose dates stay text in a `dates: Date` package). */
export type Reading = Direction | 'text';

/** A type to validate, as it is held. */
export interface Wanted {
  readonly ref: TypeRef;
  readonly direction: Reading;
}

/** The module's JavaScript and, for each wanted type (in order), its check's name. */
export interface ChecksModule {
  readonly code: string;
  readonly functions: readonly string[];
}

/** The runtime helpers generated checks may call (templates/validate.ts): imported where used. */
const HELPERS = ['down', 'no', 'isValidDate', 'codePoints', 'multipleOf', 'unique', 'isDateTime', 'isDate', 'isTime', 'isUuid', 'isUri', 'isEmail', 'isIpv4', 'isIpv6', 'isHostname', 'isByte'];

/**
 * An ES module of the check of every wanted type, each exported, importing the helpers it calls
 * from `runtime` (the specifier of templates/validate.ts). Each check is a function declaration,
 * so a bundler keeps only those an imported validator reaches.
 */
export function checksModule(contract: Contract, wanted: readonly Wanted[], runtime: string): ChecksModule {
  const builder = new Builder(knowledge(contract));
  const functions = wanted.map(({ ref, direction }) => builder.fn(ref, direction));
  const body = builder.code();
  const used = HELPERS.filter((h) => body.includes(`${h}(`));
  const exported = [...new Set(functions)];
  const code = [...(used.length === 0 ? [] : [`import { ${used.join(', ')} } from ${stringLiteral(runtime)};`]), body, `export { ${exported.join(', ')} };`, ''].join('\n');
  return { code, functions };
}

/** The module body of every named type's check in both directions, and each one's function by `direction:name` (for tests). */
export function checkModule(contract: Contract): { readonly code: string; readonly named: ReadonlyMap<string, string> } {
  const builder = new Builder(knowledge(contract));
  const named = new Map<string, string>();
  for (const type of contract.types) for (const direction of ['request', 'response'] as const) named.set(`${direction}:${type.name}`, builder.named(type.name, direction));
  return { code: builder.code(), named };
}

/** A JSON scalar as JavaScript: a string through the naming module's literal (no raw control or invisible character). */
function literal(value: string | number | boolean | null): string {
  return typeof value === 'string' ? stringLiteral(value) : String(value);
}

function setOf(values: readonly (string | number)[]): string {
  return `new Set([${values.map(literal).join(', ')}])`;
}

/** `return false` unless the issue is told and the check goes on (`no`: false without `is`). */
const refuse = (message: string, key?: string): string => `if (!no(is, ${stringLiteral(message)}${key === undefined ? '' : `, ${key}`})) return false;`;

/** An issue that ends the check: `is` told, if given; false. */
const fail = (message: string, key?: string): string => `return is !== undefined && is.add(${stringLiteral(message)}${key === undefined ? '' : `, ${key}`});`;

/** The end of a check that may go on after an issue: true when it found none. */
const SINCE = 'const n = is === undefined ? 0 : is.found;';
const UNTIL = 'return is === undefined || is.found === n;';

const NOT_OBJECT = "typeof v !== 'object' || v === null || Array.isArray(v)";

/**
 * The module's constants (enum sets, patterns), one per distinct expression, each marked pure so
 * a bundler drops those no kept check names.
 */
class Constants {
  private readonly byExpression = new Map<string, string>();

  name(expression: string): string {
    let name = this.byExpression.get(expression);
    if (name === undefined) this.byExpression.set(expression, (name = `k${this.byExpression.size}`));
    return name;
  }

  code(): string[] {
    return [...this.byExpression].map(([expression, name]) => `const ${name} = /* @__PURE__ */ ${expression};`);
  }
}

/**
 * Functions made for types written in place: by the reference's identity (a field's type is asked
 * for by its object's check and again where the field fails), and by what they are where that is
 * cheap to tell: scalars, enums and consts (a thousand string fields share one check), and arrays
 * and maps of those or of named types (every `Tag[]` field shares one).
 */
class Made {
  private readonly byRef = new WeakMap<object, Map<Reading, string>>();
  private readonly byValue = new Map<string, Map<Reading, string>>();

  get(ref: TypeRef, direction: Reading, make: () => string): string {
    const key = meaningKey(ref);
    const slot = key === undefined ? this.refSlot(ref) : this.valueSlot(key);
    let fn = slot.get(direction);
    if (fn === undefined) slot.set(direction, (fn = make()));
    return fn;
  }

  private refSlot(ref: TypeRef): Map<Reading, string> {
    let slot = this.byRef.get(ref);
    if (slot === undefined) this.byRef.set(ref, (slot = new Map()));
    return slot;
  }

  private valueSlot(key: string): Map<Reading, string> {
    let slot = this.byValue.get(key);
    if (slot === undefined) this.byValue.set(key, (slot = new Map()));
    return slot;
  }
}

/** Keys already made (or found to be none), by reference: a field's type is asked for again where the field fails. */
const meaningKeys = new WeakMap<TypeRef, string | undefined>();

/**
 * What a check of `ref` decides, as a key (examples and enum notes are documentation), where that
 * is cheap to tell: a scalar, or an array or map of scalars or named types; undefined for the rest,
 * found by identity. Written out by kind: JSON.stringify with a replacer was a tenth of Graph's
 * generation, most of it garbage.
 */
function meaningKey(ref: TypeRef): string | undefined {
  if (meaningKeys.has(ref)) return meaningKeys.get(ref);
  const key = keyOf(ref);
  meaningKeys.set(ref, key);
  return key;
}

function keyOf(ref: TypeRef): string | undefined {
  const nullable = ref.nullable === true ? '?' : '';
  switch (ref.kind) {
    case 'primitive':
      return `p${nullable}:${ref.name}:${ref.format ?? ''}:${constraintsKey(ref.constraints)}`;
    case 'enum':
      return `e${nullable}:${ref.open ? 'open' : 'closed'}:${JSON.stringify(ref.values)}`;
    case 'literal':
      return `l${nullable}:${JSON.stringify(ref.value)}`;
    case 'array':
      return ofItems(`a${nullable}:${constraintsKey(ref.constraints)}`, ref.items);
    case 'map':
      return ofItems(`m${nullable}`, ref.values);
    default:
      return undefined;
  }
}

/** An array's or map's key: its items' where they are a scalar or a named type. */
function ofItems(head: string, items: TypeRef): string | undefined {
  if (items.kind === 'named') return `${head}:n${items.nullable === true ? '?' : ''}:${items.name}`;
  return isScalar(items) ? `${head}:${meaningKey(items) ?? ''}` : undefined;
}

function constraintsKey(c: Constraints | undefined): string {
  if (c === undefined) return '';
  let key = '';
  for (const name of CONSTRAINT_KEYS) if (c[name] !== undefined) key += `${name}=${JSON.stringify(c[name])};`;
  return key;
}

function isScalar(ref: TypeRef): boolean {
  return ref.kind === 'primitive' || ref.kind === 'enum' || ref.kind === 'literal';
}

/** A named type whose check is a scalar's (an alias of a string, an enum): the scalar, so that names alike share one check. */
function scalarOf(type: NamedType): TypeRef | undefined {
  if (type.kind === 'enum') return { kind: 'enum', values: type.values, open: type.open, notes: [] };
  return type.kind === 'alias' && isScalar(type.type) ? type.type : undefined;
}

/** Enums this small are compared in place; larger ones go through a Set. */
const INLINE_VALUES = 8;

/** The formats checked, each by its function in templates/validate.ts (the zod entry calls the same). */
export const FORMATS: Readonly<Record<string, string>> = { 'date-time': 'isDateTime', date: 'isDate', time: 'isTime', uuid: 'isUuid', uri: 'isUri', email: 'isEmail', ipv4: 'isIpv4', ipv6: 'isIpv6', hostname: 'isHostname', byte: 'isByte' };

type Primitive = Extract<TypeRef, { kind: 'primitive' }>;

class Builder {
  private readonly names = new Map<string, string>();
  private readonly functions: string[] = [];
  private readonly constants = new Constants();
  private readonly made = new Made();
  private count = 0;

  /** `dates: Date`: a date-time or date is a Date object, not its text. */
  private readonly dates: boolean;

  constructor(private readonly k: Knowledge) {
    this.dates = k.contract.outputs.dates === 'Date';
  }

  private isDate(ref: Primitive, direction: Reading): boolean {
    return this.dates && direction !== 'text' && ref.name === 'string' && (ref.format === 'date-time' || ref.format === 'date');
  }

  code(): string {
    return [...this.constants.code(), ...this.functions].join('\n');
  }

  /** A named type's check, made on first use (a recursive type calls its own); one for both directions where they hold it alike. */
  named(name: string, given: Reading): string {
    // Read as text, a named type keeps its dates as text: its own check (only with Dates does `text` reach here).
    const direction = given === 'text' || this.k.differsByDirection.has(name) ? given : 'response';
    const key = `${direction}:${name}`;
    const existing = this.names.get(key);
    if (existing !== undefined) return existing;
    const type = this.k.type(name);
    const scalar = type === undefined ? undefined : scalarOf(type);
    if (scalar !== undefined) {
      const shared = this.fn(scalar, direction);
      this.names.set(key, shared);
      return shared;
    }
    const fn = this.fresh();
    this.names.set(key, fn);
    this.push(fn, type === undefined ? ['return true;'] : this.namedLines(type, direction));
    return fn;
  }

  /** The check of `ref`: a named type's, or one made for a type written in place. */
  fn(ref: TypeRef, given: Reading): string {
    // Without Dates, text holds a value as JSON does: one check serves both.
    const direction = given === 'text' && !this.dates ? 'response' : given;
    if (ref.kind === 'named' && ref.nullable !== true) return this.named(ref.name, direction);
    return this.made.get(ref, direction, () => {
      const fn = this.fresh();
      this.push(fn, [...(ref.nullable === true ? ['if (v === null) return true;'] : []), ...this.lines(ref, direction)]);
      return fn;
    });
  }

  private fresh(): string {
    return `t${this.count++}`;
  }

  private push(fn: string, lines: readonly string[]): void {
    this.functions.push(lines.length === 1 ? `function ${fn}(v, is) { ${lines[0] ?? ''} }` : `function ${fn}(v, is) {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`);
  }

  private namedLines(type: NamedType, direction: Reading): string[] {
    if (type.kind === 'alias') return this.lines(type.type, direction, true);
    if (type.kind === 'enum') return [`return ${this.enumExpr(type.values, type.open, 'v')} || ${this.enumIssue(type.values, type.open)}`];
    return this.objectLines(type.fields, type.open, direction, type.requiredWhen, type.together);
  }

  /** The body of `ref`'s check (`alias`: a named alias's, whose own nullability is the reference's to say). */
  private lines(ref: TypeRef, direction: Reading, alias = false): string[] {
    const nullable = alias && ref.nullable === true ? ['if (v === null) return true;'] : [];
    switch (ref.kind) {
      case 'named':
        return [...nullable, `return ${this.named(ref.name, direction)}(v, is);`];
      case 'literal':
        return [...nullable, `return v === ${literal(ref.value)} || ${fail(`expected ${JSON.stringify(ref.value)}`).slice('return '.length)}`];
      case 'enum':
        return [...nullable, `return ${this.enumExpr(ref.values, ref.open, 'v')} || ${this.enumIssue(ref.values, ref.open)}`];
      case 'primitive':
        return [...nullable, ...this.primitiveLines(ref, direction)];
      case 'array':
        return [...nullable, ...this.arrayLines(ref.items, ref.constraints, direction)];
      case 'map':
        return [...nullable, `if (${NOT_OBJECT}) ${fail('expected an object')}`, SINCE, 'for (const k in v) {', '  if (!Object.hasOwn(v, k)) continue;', '  const e = v[k];', `  if (${this.wrong(ref.values, 'e', 'k', direction)}) return false;`, '}', UNTIL];
      case 'object':
        return [...nullable, ...this.objectLines(ref.fields, ref.open, direction, [], [])];
      case 'union':
        return [...nullable, ...this.unionLines(ref, direction)];
    }
  }

  /**
   * When a part `x` (under `key`) ends the check: it is tested yes or no in place, and looked into
   * for its issues only when it fails. (Collecting through every part instead, `down` for each,
   * measured 2-3x slower on valid values than a yes-or-no pass, and slower on invalid ones too.)
   */
  private wrong(ref: TypeRef, x: string, key: string, direction: Reading): string {
    return `!(${this.expr(ref, x, direction)}) && !down(is, ${key}, ${this.fn(ref, direction)}, ${x})`;
  }

  // -------------------------------------------------------------------------------------------
  // In place: a boolean expression of a value, read once
  // -------------------------------------------------------------------------------------------

  /** A boolean expression that `x` (a name, read once) is of `ref`: scalars written in place, the rest their checks called without `is`. */
  expr(ref: TypeRef, x: string, direction: Reading): string {
    const inner = this.bare(ref, x, direction);
    return ref.nullable === true ? `(${x} === null || ${inner})` : inner;
  }

  private bare(ref: TypeRef, x: string, direction: Reading): string {
    switch (ref.kind) {
      case 'named': {
        // A named scalar (an alias of a string, an enum) is tested in place, as a scalar written there is.
        const type = this.k.type(ref.name);
        const scalar = type === undefined ? undefined : scalarOf(type);
        return scalar === undefined ? `${this.named(ref.name, direction)}(${x})` : this.expr(scalar, x, direction);
      }
      case 'literal':
        return `${x} === ${literal(ref.value)}`;
      case 'enum':
        return this.enumExpr(ref.values, ref.open, x);
      case 'primitive':
        return this.primitiveExpr(ref, x, direction);
      case 'union':
        // An untagged union is any member's value: its members' expressions in place.
        if (ref.discriminator === undefined) return `(${ref.members.map((m) => this.expr(m, x, direction)).join(' || ')})`;
        return `${this.fn(ref, direction)}(${x})`;
      case 'array':
      case 'map':
      case 'object':
        // The check's own null test (a nullable reference's) is passed by then: `x` is not null here.
        return `${this.fn(ref, direction)}(${x})`;
    }
  }

  private enumExpr(values: readonly (string | number)[], open: boolean, x: string): string {
    if (open) return typeof values[0] === 'number' ? `(typeof ${x} === 'number' && Number.isInteger(${x}))` : `typeof ${x} === 'string'`;
    if (values.length <= INLINE_VALUES) return `(${values.map((v) => `${x} === ${literal(v)}`).join(' || ')})`;
    return `${this.constants.name(setOf(values))}.has(${x})`;
  }

  /** The issue of a value outside an enum, as the rest of a `return … ||` statement. */
  private enumIssue(values: readonly (string | number)[], open: boolean): string {
    // An open integer enum holds any integer (the export writes it as `anyOf` the values and any integer).
    const message = open ? (typeof values[0] === 'number' ? 'expected an integer' : 'expected a string') : `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;
    return fail(message).slice('return '.length);
  }

  private primitiveExpr(ref: Primitive, x: string, direction: Reading): string {
    const c = ref.constraints ?? {};
    switch (ref.name) {
      case 'unknown':
        return 'true';
      case 'boolean':
        return `typeof ${x} === 'boolean'`;
      case 'binary':
        return `(${x} instanceof Uint8Array${direction === 'request' ? ` || (typeof Blob === 'function' && ${x} instanceof Blob)` : ''})`;
      case 'string': {
        if (this.isDate(ref, direction)) return `isValidDate(${x})`;
        const parts = [`typeof ${x} === 'string'`];
        // A code point count is at most the length: a string within the bound by length needs no counting.
        if (c.minLength !== undefined) parts.push(`(${x}.length >= ${c.minLength} && (${x}.length >= ${2 * c.minLength} || codePoints(${x}) >= ${c.minLength}))`);
        if (c.maxLength !== undefined) parts.push(`(${x}.length <= ${c.maxLength} || codePoints(${x}) <= ${c.maxLength})`);
        if (c.pattern !== undefined) parts.push(`${this.pattern(c.pattern)}.test(${x})`);
        const format = FORMATS[ref.format ?? ''];
        if (format !== undefined) parts.push(`${format}(${x})`);
        return `(${parts.join(' && ')})`;
      }
      case 'integer':
      case 'number': {
        const typed = `typeof ${x} === 'number' && ${ref.name === 'integer' ? `Number.isInteger(${x})` : `Number.isFinite(${x})`}`;
        // An int64 may be a bigint (past 2^53): the bounds below compare a bigint with a number as they do two numbers.
        const parts = [isInt64(ref) ? `((${typed}) || typeof ${x} === 'bigint')` : typed];
        if (ref.format === 'int32') parts.push(`${x} >= -2147483648 && ${x} <= 2147483647`);
        for (const b of bounds(c)) parts.push(b.test(x));
        return `(${parts.join(' && ')})`;
      }
    }
  }

  private pattern(pattern: string): string {
    return this.constants.name(`new RegExp(${stringLiteral(pattern)}, 'u')`);
  }

  // -------------------------------------------------------------------------------------------
  // Checks: each issue told where `is` is given
  // -------------------------------------------------------------------------------------------

  private primitiveLines(ref: Primitive, direction: Reading): string[] {
    const c = ref.constraints ?? {};
    switch (ref.name) {
      case 'unknown':
        return ['return true;'];
      case 'boolean':
        return [`return typeof v === 'boolean' || ${fail('expected a boolean').slice('return '.length)}`];
      case 'binary':
        return [`return ${this.primitiveExpr(ref, 'v', direction)} || ${fail('expected bytes').slice('return '.length)}`];
      case 'string': {
        if (this.isDate(ref, direction)) return [`return isValidDate(v) || ${fail('expected a valid Date').slice('return '.length)}`];
        const checks: string[] = [];
        if (c.minLength !== undefined) checks.push(`if (codePoints(v) < ${c.minLength}) ${refuse(`must be at least ${c.minLength} characters long`)}`);
        if (c.maxLength !== undefined) checks.push(`if (codePoints(v) > ${c.maxLength}) ${refuse(`must be at most ${c.maxLength} characters long`)}`);
        if (c.pattern !== undefined) checks.push(`if (!${this.pattern(c.pattern)}.test(v)) ${refuse(`must match ${c.pattern}`)}`);
        const format = FORMATS[ref.format ?? ''];
        if (format !== undefined) checks.push(`if (!${format}(v)) ${refuse(`must be a ${ref.format ?? ''}`)}`);
        return [`if (typeof v !== 'string') ${fail('expected a string')}`, ...(checks.length === 0 ? ['return true;'] : [SINCE, ...checks, UNTIL])];
      }
      case 'integer':
      case 'number': {
        const expected = ref.name === 'integer' ? 'expected an integer' : 'expected a number';
        const whole = ref.name === 'integer' ? 'Number.isInteger(v)' : 'Number.isFinite(v)';
        // An int64 beyond 2^53 is read as a bigint (json.ts): an integer too, held to the same bounds (a bigint compares with a number).
        const typed = isInt64(ref) ? [`if (typeof v !== 'bigint' && !(typeof v === 'number' && ${whole})) ${fail(expected)}`] : [`if (!(typeof v === 'number' && ${whole})) ${fail(expected)}`];
        const checks = bounds(c).map((b) => `if (!(${b.test('v')})) ${refuse(b.message)}`);
        if (ref.format === 'int32') checks.unshift(`if (v < -2147483648 || v > 2147483647) ${refuse('must be a 32-bit integer')}`);
        return [...typed, ...(checks.length === 0 ? ['return true;'] : [SINCE, ...checks, UNTIL])];
      }
    }
  }

  private arrayLines(items: TypeRef, c: Constraints | undefined, direction: Reading): string[] {
    const lines = [`if (!Array.isArray(v)) ${fail('expected an array')}`, SINCE];
    if (c?.minItems !== undefined) lines.push(`if (v.length < ${c.minItems}) ${refuse(`must have at least ${c.minItems} items`)}`);
    if (c?.maxItems !== undefined) lines.push(`if (v.length > ${c.maxItems}) ${refuse(`must have at most ${c.maxItems} items`)}`);
    lines.push('for (let i = 0; i < v.length; i++) {', '  const e = v[i];', `  if (${this.wrong(items, 'e', 'i', direction)}) return false;`, '}');
    if (c?.uniqueItems === true) lines.push(`if (!unique(v)) ${refuse('must not repeat an item')}`);
    lines.push(UNTIL);
    return lines;
  }

  /**
   * An object's check. A field of the other direction (readOnly in a request, writeOnly in a
   * response) is not required, and may be there (a server may echo it: JSON Schema's readOnly and
   * writeOnly refuse nothing), but a value given for it is of its type, as its schema says.
   */
  private objectLines(fields: readonly Field[], open: boolean, direction: Reading, requiredWhen: readonly { field: string; value: string; require: readonly string[] }[], together: readonly (readonly string[])[]): string[] {
    const variable = (field: Field) => `a${fields.indexOf(field)}`;
    // A closed object's own keys compared in place first: an unknown one is an issue before any
    // field is checked (as ajv does). Fields are read by name, as JavaScript reads them (as ajv,
    // typia and zod do), but those named like a member of Object.prototype (`constructor`,
    // `toString`), which only an own property may answer.
    const reads = fields.map((f) => `const ${variable(f)} = ${ownRead(f.name)};`);
    const lines = [`if (${NOT_OBJECT}) ${fail('expected an object')}`, SINCE, ...(open ? [] : unknownKeys(fields, refuse('is not a field of this object', 'k'))), ...reads];
    for (const field of fields) {
      const name = stringLiteral(field.name);
      const a = variable(field);
      const wrong = this.wrong(field.type, a, name, direction);
      lines.push(field.required && carries(direction === 'request' ? 'request' : 'response', field) ? `if (${a} === undefined) { ${refuse('is required', name)} } else if (${wrong}) return false;` : `if (${a} !== undefined && ${wrong}) return false;`);
    }
    for (const rule of requiredWhen) {
      for (const required of rule.require) {
        lines.push(`if (Object.hasOwn(v, ${stringLiteral(rule.field)}) && v[${stringLiteral(rule.field)}] === ${stringLiteral(rule.value)} && !Object.hasOwn(v, ${stringLiteral(required)})) ${refuse(`is required when ${rule.field} is ${rule.value}`, stringLiteral(required))}`);
      }
    }
    for (const group of together) {
      const count = group.map((g) => `(Object.hasOwn(v, ${stringLiteral(g)}) ? 1 : 0)`).join(' + ');
      lines.push(`{ const c = ${count}; if (c !== 0 && c !== ${group.length}) ${refuse(`${group.join(', ')} are sent together or not at all`)} }`);
    }
    lines.push(UNTIL);
    return lines;
  }

  private unionLines(ref: Extract<TypeRef, { kind: 'union' }>, direction: Reading): string[] {
    const d = ref.discriminator;
    if (d === undefined) {
      // As JSON Schema's anyOf (the export's form of an untagged union): one member that takes the value is enough.
      return [`return ${ref.members.map((m) => this.expr(m, 'v', direction)).join(' || ')} || ${fail('matches none of the types it may be').slice('return '.length)}`];
    }
    // The mapping as written, or read off the members' const tags.
    const mapping = this.k.discriminatorMapping(ref);
    const tag = stringLiteral(d.field);
    return [
      `if (${NOT_OBJECT}) ${fail('expected an object')}`,
      `switch (Object.hasOwn(v, ${tag}) ? v[${tag}] : undefined) {`,
      ...mapping.map((m) => `  case ${stringLiteral(m.value)}: return ${this.named(m.member, direction)}(v, is);`),
      `  default: ${fail(`must be one of ${mapping.map((m) => m.value).join(', ')}`, tag)}`,
      '}',
    ];
  }
}

/** A closed object's keys compared in place (ajv's way): an own key no field has is `unknown` (a statement). */
function unknownKeys(fields: readonly Field[], unknown: string): string[] {
  const known = fields.map((f) => `k === ${stringLiteral(f.name)}`);
  return [`for (const k in v) if (${known.length === 0 ? 'true' : `!(${known.join(' || ')})`} && Object.hasOwn(v, k)) { ${unknown} }`];
}

/** `v`'s field `name`: read by name, or as an own property where Object.prototype has one so named. */
function ownRead(name: string): string {
  const key = stringLiteral(name);
  return OBJECT_PROTOTYPE_NAMES.has(name) ? `Object.hasOwn(v, ${key}) ? v[${key}] : undefined` : `v[${key}]`;
}

/** A number's bounds and multipleOf, each as a test of a value and the issue it makes. */
function bounds(c: Constraints): { test: (x: string) => string; message: string }[] {
  const out: { test: (x: string) => string; message: string }[] = [];
  if (c.minimum !== undefined) out.push({ test: (x) => `${x} >= ${c.minimum}`, message: `must be at least ${c.minimum}` });
  if (c.maximum !== undefined) out.push({ test: (x) => `${x} <= ${c.maximum}`, message: `must be at most ${c.maximum}` });
  if (c.exclusiveMinimum !== undefined) out.push({ test: (x) => `${x} > ${c.exclusiveMinimum}`, message: `must be more than ${c.exclusiveMinimum}` });
  if (c.exclusiveMaximum !== undefined) out.push({ test: (x) => `${x} < ${c.exclusiveMaximum}`, message: `must be less than ${c.exclusiveMaximum}` });
  if (c.multipleOf !== undefined) out.push({ test: (x) => `multipleOf(${x}, ${c.multipleOf})`, message: `must be a multiple of ${c.multipleOf}` });
  return out;
}
