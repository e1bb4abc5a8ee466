/**
 * Checks generated from the model (issue 35, started): one function per named type and direction,
 * and one per type written in place, each `(v, is) => boolean` over templates/validate.ts's
 * `Issues` (`is.add` records an issue and answers false, `is.open` says whether to look further).
 * Straight-line code, no interpreter: what a JSON Schema validator decides at run time is decided
 * here. Contract text reaches the code only as string literals (naming.ts); function names are
 * numbered. Not yet wired to an output: this module makes the JavaScript, its tests run it.
 */
import { isInt64, knowledge, type Knowledge } from '../model/knowledge.js';
import type { Contract, Field, NamedType, TypeRef } from '../model/types.js';
import { stringLiteral } from '../naming.js';

export type Direction = 'request' | 'response';

/** The checks' module body, and the function name of each named type's check by direction. */
export interface CheckModule {
  readonly code: string;
  readonly named: ReadonlyMap<string, string>;
}

/** The JavaScript of every named type's check in both directions (`import { … } from './validate.js'` is the caller's). */
export function checkModule(contract: Contract): CheckModule {
  const builder = new Builder(knowledge(contract));
  for (const type of contract.types) for (const direction of ['request', 'response'] as const) builder.namedCheck(type.name, direction);
  return { code: builder.code(), named: builder.names };
}

/** A type to validate, in a direction. */
export interface Wanted {
  readonly ref: TypeRef;
  readonly direction: Direction;
}

/** The module's JavaScript and, for each wanted type (in order), its fast and collecting checks' names. */
export interface ChecksModule {
  readonly code: string;
  readonly pairs: readonly { readonly fast: string; readonly check: string }[];
}

/** The runtime helpers generated checks may call (templates/validate.ts): imported where used. */
const HELPERS = ['codePoints', 'multipleOf', 'unique', 'quietIssues', 'isDateTime', 'isDate', 'isTime', 'isUuid', 'isUri', 'isEmail', 'isIpv4', 'isIpv6', 'isHostname', 'isByte'];

/**
 * An ES module of both checks of every wanted type, the pair of each exported, importing the
 * helpers it calls from `runtime` (the specifier of templates/validate.ts). Each check is a
 * function declaration, so a bundler keeps only those an imported validator reaches.
 */
export function checksModule(contract: Contract, wanted: readonly Wanted[], runtime: string): ChecksModule {
  const k = knowledge(contract);
  const builder = new Builder(k);
  const fast = builder.fastBuilder;
  const pairs = wanted.map(({ ref, direction }) => ({ fast: fast.function(ref, direction), check: builder.check(ref, direction) }));
  const body = builder.code();
  const used = HELPERS.filter((h) => body.includes(`${h}(`));
  const exported = [...new Set(pairs.flatMap((p) => [p.fast, p.check]))];
  const code = [...(used.length === 0 ? [] : [`import { ${used.join(', ')} } from ${stringLiteral(runtime)};`]), body, `export { ${exported.join(', ')} };`, ''].join('\n');
  return { code, pairs };
}

const key = (name: string, direction: Direction) => `${direction}:${name}`;

/** A JSON scalar as JavaScript: a string through the naming module's literal (no raw control or invisible character). */
function literal(value: string | number | boolean | null): string {
  return typeof value === 'string' ? stringLiteral(value) : String(value);
}

function setOf(values: readonly (string | number)[]): string {
  return `new Set([${values.map(literal).join(', ')}])`;
}

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

class Builder {
  readonly names = new Map<string, string>();
  private readonly functions: string[] = [];
  private readonly constants = new Constants();
  private count = 0;
  /** The yes-or-no checks: a part that passes one is not looked into again for its issues. */
  private readonly fast: FastBuilder;

  constructor(private readonly k: Knowledge) {
    this.fast = new FastBuilder(k, this.constants);
  }

  get fastBuilder(): FastBuilder {
    return this.fast;
  }

  code(): string {
    return [...this.constants.code(), ...this.functions, this.fast.code()].join('\n');
  }

  /** The name of a named type's check, made on first use (a recursive type calls its own). */
  namedCheck(name: string, direction: Direction): string {
    const existing = this.names.get(key(name, direction));
    if (existing !== undefined) return existing;
    const fn = this.fresh();
    this.names.set(key(name, direction), fn);
    const type = this.k.type(name);
    this.functions.push(type === undefined ? `function ${fn}(v, is) { return true; }` : this.namedBody(fn, type, direction));
    return fn;
  }

  private fresh(): string {
    return `c${this.count++}`;
  }

  private constant(expression: string): string {
    return this.constants.name(expression);
  }

  private namedBody(fn: string, type: NamedType, direction: Direction): string {
    if (type.kind === 'alias') return `function ${fn}(v, is) { return ${this.check(type.type, direction)}(v, is); }`;
    if (type.kind === 'enum') return `function ${fn}(v, is) { ${this.enumLines(type.values, type.open).join(' ')} }`;
    return this.objectFunction(fn, type.fields, type.open, direction, type.requiredWhen, type.together);
  }

  /** A check of `ref`: a named type's, or a new function for a type written in place. */
  check(ref: TypeRef, direction: Direction): string {
    if (ref.kind === 'named' && ref.nullable !== true) return this.namedCheck(ref.name, direction);
    const fn = this.fresh();
    const lines = this.lines(ref, direction);
    this.functions.push(`function ${fn}(v, is) {\n${[...(ref.nullable === true ? ['if (v === null) return true;'] : []), ...lines].map((l) => `  ${l}`).join('\n')}\n}`);
    return fn;
  }

  private lines(ref: TypeRef, direction: Direction): string[] {
    switch (ref.kind) {
      case 'named':
        return [`return ${this.namedCheck(ref.name, direction)}(v, is);`];
      case 'primitive':
        return this.primitiveLines(ref, direction);
      case 'literal':
        return [`return v === ${literal(ref.value)} || is.add(${stringLiteral(`expected ${JSON.stringify(ref.value)}`)});`];
      case 'enum':
        return this.enumLines(ref.values, ref.open);
      case 'array':
        return this.arrayLines(ref.items, ref.constraints, direction);
      case 'map':
        return [
          "if (typeof v !== 'object' || v === null || Array.isArray(v)) return is.add('expected an object');",
          `const c = ${this.check(ref.values, direction)};`,
          'let ok = true;',
          'for (const k in v) {',
          '  if (!Object.hasOwn(v, k)) continue;',
          '  is.enter(k);',
          '  const good = c(v[k], is);',
          '  is.leave();',
          '  if (!good) { ok = false; if (!is.open) return false; }',
          '}',
          'return ok;',
        ];
      case 'object':
        return [`return ${this.objectFunction(this.fresh(), ref.fields, ref.open, direction, [], [])}(v, is);`];
      case 'union':
        return this.unionLines(ref, direction);
    }
  }

  private primitiveLines(ref: Extract<TypeRef, { kind: 'primitive' }>, direction: Direction): string[] {
    const c = ref.constraints ?? {};
    switch (ref.name) {
      case 'unknown':
        return ['return true;'];
      case 'boolean':
        return ["return typeof v === 'boolean' || is.add('expected a boolean');"];
      case 'binary':
        return [`return v instanceof Uint8Array${direction === 'request' ? " || (typeof Blob === 'function' && v instanceof Blob)" : ''} || is.add('expected bytes');`];
      case 'string': {
        const checks: string[] = [];
        if (c.minLength !== undefined || c.maxLength !== undefined) checks.push('const n = codePoints(v);');
        if (c.minLength !== undefined) checks.push(`if (n < ${c.minLength}) { ok = is.add('must be at least ${c.minLength} characters long'); if (!is.open) return false; }`);
        if (c.maxLength !== undefined) checks.push(`if (n > ${c.maxLength}) { ok = is.add('must be at most ${c.maxLength} characters long'); if (!is.open) return false; }`);
        if (c.pattern !== undefined) checks.push(`if (!${this.constant(`new RegExp(${stringLiteral(c.pattern)}, 'u')`)}.test(v)) { ok = is.add(${stringLiteral(`must match ${c.pattern}`)}); if (!is.open) return false; }`);
        const format = FORMATS[ref.format ?? ''];
        if (format !== undefined) checks.push(`if (!${format}(v)) { ok = is.add(${stringLiteral(`must be a ${ref.format ?? ''}`)}); if (!is.open) return false; }`);
        return ["if (typeof v !== 'string') return is.add('expected a string');", 'let ok = true;', ...checks, 'return ok;'];
      }
      case 'integer':
      case 'number': {
        // An int64 beyond 2^53 is read as a bigint (json.ts): an integer too, held to the same bounds (a bigint compares with a number).
        const bigint = isInt64(ref) ? "if (typeof v !== 'bigint') {" : '';
        const kind = ref.name === 'integer' ? "Number.isInteger(v) || is.add('expected an integer')" : "Number.isFinite(v) || is.add('expected a number')";
        const bounds = numberBounds(c);
        if (ref.format === 'int32') bounds.unshift("if (v < -2147483648 || v > 2147483647) { ok = is.add('must be a 32-bit integer'); if (!is.open) return false; }");
        const typed = [`if (typeof v !== 'number') return is.add(${ref.name === 'integer' ? "'expected an integer'" : "'expected a number'"});`, `if (!(${kind})) return false;`];
        return [...(bigint === '' ? typed : [bigint, ...typed.map((l) => `  ${l}`), '}']), 'let ok = true;', ...bounds, 'return ok;'];
      }
    }
  }

  private enumLines(values: readonly (string | number)[], open: boolean): string[] {
    const type = typeof values[0] === 'number' ? 'number' : 'string';
    // An open integer enum holds any integer (the export writes it as `anyOf` the values and any integer).
    if (open) return type === 'number' ? ["return (typeof v === 'number' && Number.isInteger(v)) || is.add('expected an integer');"] : ["return typeof v === 'string' || is.add('expected a string');"];
    const set = this.constant(setOf(values));
    return [`return ${set}.has(v) || is.add(${stringLiteral(`must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`)});`];
  }

  private arrayLines(items: TypeRef, c: NonNullable<Extract<TypeRef, { kind: 'array' }>['constraints']> | undefined, direction: Direction): string[] {
    const check = this.check(items, direction);
    const lines = ["if (!Array.isArray(v)) return is.add('expected an array');", 'let ok = true;'];
    if (c?.minItems !== undefined) lines.push(`if (v.length < ${c.minItems}) { ok = is.add('must have at least ${c.minItems} items'); if (!is.open) return false; }`);
    if (c?.maxItems !== undefined) lines.push(`if (v.length > ${c.maxItems}) { ok = is.add('must have at most ${c.maxItems} items'); if (!is.open) return false; }`);
    lines.push(
      'for (let i = 0; i < v.length; i++) {',
      '  const e = v[i];',
      `  if (${this.fast.expr(items, 'e', direction)}) continue;`,
      '  is.enter(i);',
      `  ${check}(e, is);`,
      '  is.leave();',
      '  ok = false;',
      '  if (!is.open) return false;',
      '}',
    );
    if (c?.uniqueItems === true) lines.push("if (!unique(v)) { ok = is.add('must not repeat an item'); }");
    lines.push('return ok;');
    return lines;
  }

  /** An object's check: the fields of the direction (a request's type leaves readOnly fields out, a response's writeOnly ones). */
  private objectFunction(fn: string, fields: readonly Field[], open: boolean, direction: Direction, requiredWhen: readonly { field: string; value: string; require: readonly string[] }[], together: readonly (readonly string[])[]): string {
    const present = fields.filter((f) => !(direction === 'request' ? f.readOnly : f.writeOnly));
    const lines = ["if (typeof v !== 'object' || v === null || Array.isArray(v)) return is.add('expected an object');", 'let ok = true;'];
    const variable = (field: Field) => `a${present.indexOf(field)}`;
    // As the fast pass reads them: a closed object's keys once (fields of the other direction are
    // allowed, a server may echo them: JSON Schema's readOnly and writeOnly restrict nothing).
    if (!open) lines.push(...keySwitch(fields, present, variable, "ok = is.add('is not a field of this object', k); if (!is.open) return false;"));
    for (const field of present) {
      const name = stringLiteral(field.name);
      const missing = field.required ? ` else { ok = is.add('is required', ${name}); if (!is.open) return false; }` : '';
      const a = variable(field);
      if (open) lines.push(`const ${a} = Object.hasOwn(v, ${name}) ? v[${name}] : undefined;`);
      // The fast check first: only a field that fails it is looked into for its issues.
      lines.push(`if (${a} !== undefined) { if (!(${this.fast.expr(field.type, a, direction)})) { is.enter(${name}); ${this.check(field.type, direction)}(${a}, is); is.leave(); ok = false; if (!is.open) return false; } }${missing}`);
    }
    for (const rule of requiredWhen) {
      for (const required of rule.require) {
        lines.push(`if (v[${stringLiteral(rule.field)}] === ${stringLiteral(rule.value)} && !Object.hasOwn(v, ${stringLiteral(required)})) { ok = is.add(${stringLiteral(`is required when ${rule.field} is ${rule.value}`)}, ${stringLiteral(required)}); if (!is.open) return false; }`);
      }
    }
    for (const group of together) {
      const names = group.map(stringLiteral).join(', ');
      lines.push(`{ const n = [${names}].filter((f) => Object.hasOwn(v, f)).length; if (n !== 0 && n !== ${group.length}) { ok = is.add(${stringLiteral(`${group.join(', ')} are sent together or not at all`)}); if (!is.open) return false; } }`);
    }
    lines.push('return ok;');
    this.functions.push(`function ${fn}(v, is) {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`);
    return fn;
  }

  private unionLines(ref: Extract<TypeRef, { kind: 'union' }>, direction: Direction): string[] {
    const d = ref.discriminator;
    if (d !== undefined) {
      // The mapping as written, or read off the members' const tags.
      const mapping = this.k.discriminatorMapping(ref);
      const cases = mapping.map((m) => `    case ${stringLiteral(m.value)}: return ${this.namedCheck(m.member, direction)}(v, is);`);
      return [
        "if (typeof v !== 'object' || v === null || Array.isArray(v)) return is.add('expected an object');",
        `switch (v[${stringLiteral(d.field)}]) {`,
        ...cases,
        `  default: return is.add(${stringLiteral(`must be one of ${mapping.map((m) => m.value).join(', ')}`)}, ${stringLiteral(d.field)});`,
        '}',
      ];
    }
    const members = ref.members.map((m) => this.check(m, direction));
    // As JSON Schema's anyOf (the export's form of an untagged union): one member that takes the value is enough.
    return [`const quiet = quietIssues();`, `if (${members.map((m) => `${m}(v, quiet)`).join(' || ')}) return true;`, "return is.add('matches none of the types it may be');"];
  }
}

const FORMATS: Readonly<Record<string, string>> = { 'date-time': 'isDateTime', date: 'isDate', time: 'isTime', uuid: 'isUuid', uri: 'isUri', email: 'isEmail', ipv4: 'isIpv4', ipv6: 'isIpv6', hostname: 'isHostname', byte: 'isByte' };

/**
 * A closed object's own enumerable keys (Object.keys: what JSON has; a polluted prototype's keys are
 * not own) in one pass: a field of `present` into its variable (`name`), a field of the other
 * direction passed over, any other key `unknown` (a statement). Declares the variables.
 */
function keySwitch(fields: readonly Field[], present: readonly Field[], name: (field: Field) => string, unknown: string): string[] {
  const cases = fields.map((f) => `    case ${stringLiteral(f.name)}: ${present.includes(f) ? `${name(f)} = v[k]; ` : ''}break;`);
  return [
    ...(present.length === 0 ? [] : [`let ${present.map(name).join(', ')};`]),
    'const ks = Object.keys(v);',
    'for (let i = 0; i < ks.length; i++) {',
    '  const k = ks[i];',
    '  switch (k) {',
    ...cases,
    `    default: ${unknown}`,
    '  }',
    '}',
  ];
}

function numberBounds(c: NonNullable<Extract<TypeRef, { kind: 'primitive' }>['constraints']>): string[] {
  const out: string[] = [];
  const bound = (test: string, message: string) => out.push(`if (${test}) { ok = is.add(${stringLiteral(message)}); if (!is.open) return false; }`);
  if (c.minimum !== undefined) bound(`v < ${c.minimum}`, `must be at least ${c.minimum}`);
  if (c.maximum !== undefined) bound(`v > ${c.maximum}`, `must be at most ${c.maximum}`);
  if (c.exclusiveMinimum !== undefined) bound(`v <= ${c.exclusiveMinimum}`, `must be more than ${c.exclusiveMinimum}`);
  if (c.exclusiveMaximum !== undefined) bound(`v >= ${c.exclusiveMaximum}`, `must be less than ${c.exclusiveMaximum}`);
  if (c.multipleOf !== undefined) bound(`!multipleOf(v, ${c.multipleOf})`, `must be a multiple of ${c.multipleOf}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The fast pass: yes or no, no issues, checks of scalars written in place
// ---------------------------------------------------------------------------------------------

/** The module body of the boolean checks (`(v) => boolean`), and each named type's function by direction. */
export function fastModule(contract: Contract): CheckModule {
  const builder = new FastBuilder(knowledge(contract));
  for (const type of contract.types) for (const direction of ['request', 'response'] as const) builder.named(type.name, direction);
  return { code: builder.code(), named: builder.names };
}

/** Enums this small are compared in place; larger ones go through a Set. */
const INLINE_VALUES = 8;

class FastBuilder {
  readonly names = new Map<string, string>();
  private readonly functions: string[] = [];
  private count = 0;

  private readonly constants: Constants;
  /** Whether the constants are this builder's to write (not shared with the collecting checks' module). */
  private readonly own: boolean;

  constructor(
    private readonly k: Knowledge,
    shared?: Constants,
  ) {
    this.constants = shared ?? new Constants();
    this.own = shared === undefined;
  }

  code(): string {
    return [...(this.own ? this.constants.code() : []), ...this.functions].join('\n');
  }

  named(name: string, direction: Direction): string {
    const existing = this.names.get(key(name, direction));
    if (existing !== undefined) return existing;
    const fn = `f${this.count++}`;
    this.names.set(key(name, direction), fn);
    const type = this.k.type(name);
    if (type === undefined) this.functions.push(`function ${fn}(v) { return true; }`);
    else if (type.kind === 'alias') this.functions.push(`function ${fn}(v) { return ${this.expr(type.type, 'v', direction)}; }`);
    else if (type.kind === 'enum') this.functions.push(`function ${fn}(v) { return ${this.enumExpr(type.values, type.open, 'v')}; }`);
    else this.functions.push(this.objectFunction(fn, type.fields, type.open, direction, type.requiredWhen, type.together));
    return fn;
  }

  private constant(expression: string): string {
    return this.constants.name(expression);
  }

  private helper(lines: readonly string[]): string {
    const fn = `f${this.count++}`;
    this.functions.push(`function ${fn}(v) {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`);
    return fn;
  }

  /** A function `(v) => boolean` of `ref`: a named type's own, else one around its expression. */
  function(ref: TypeRef, direction: Direction): string {
    if (ref.kind === 'named' && ref.nullable !== true) return this.named(ref.name, direction);
    return this.helper([`return ${this.expr(ref, 'v', direction)};`]);
  }

  /** A boolean expression that `x` (a name, read once) is of `ref`. */
  expr(ref: TypeRef, x: string, direction: Direction): string {
    const inner = this.bare(ref, x, direction);
    return ref.nullable === true ? `(${x} === null || ${inner})` : inner;
  }

  private bare(ref: TypeRef, x: string, direction: Direction): string {
    switch (ref.kind) {
      case 'named':
        return `${this.named(ref.name, direction)}(${x})`;
      case 'literal':
        return `${x} === ${literal(ref.value)}`;
      case 'enum':
        return this.enumExpr(ref.values, ref.open, x);
      case 'primitive':
        return this.primitiveExpr(ref, x, direction);
      case 'array': {
        const c = ref.constraints ?? {};
        const lines = ['if (!Array.isArray(v)) return false;'];
        if (c.minItems !== undefined) lines.push(`if (v.length < ${c.minItems}) return false;`);
        if (c.maxItems !== undefined) lines.push(`if (v.length > ${c.maxItems}) return false;`);
        lines.push('for (let i = 0; i < v.length; i++) {', '  const e = v[i];', `  if (!(${this.expr(ref.items, 'e', direction)})) return false;`, '}');
        lines.push(c.uniqueItems === true ? 'return unique(v);' : 'return true;');
        return `${this.helper(lines)}(${x})`;
      }
      case 'map':
        return `${this.helper(["if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;", 'for (const k in v) {', '  if (!Object.hasOwn(v, k)) continue;', '  const e = v[k];', `  if (!(${this.expr(ref.values, 'e', direction)})) return false;`, '}', 'return true;'])}(${x})`;
      case 'object': {
        const fn = `f${this.count++}`;
        this.functions.push(this.objectFunction(fn, ref.fields, ref.open, direction, [], []));
        return `${fn}(${x})`;
      }
      case 'union': {
        const d = ref.discriminator;
        if (d === undefined) return `(${ref.members.map((m) => this.expr(m, x, direction)).join(' || ')})`;
        const cases = this.k.discriminatorMapping(ref).map((m) => `  case ${stringLiteral(m.value)}: return ${this.named(m.member, direction)}(v);`);
        return `${this.helper(["if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;", `switch (Object.hasOwn(v, ${stringLiteral(d.field)}) ? v[${stringLiteral(d.field)}] : undefined) {`, ...cases, '  default: return false;', '}'])}(${x})`;
      }
    }
  }

  private enumExpr(values: readonly (string | number)[], open: boolean, x: string): string {
    if (open) return typeof values[0] === 'number' ? `(typeof ${x} === 'number' && Number.isInteger(${x}))` : `typeof ${x} === 'string'`;
    if (values.length <= INLINE_VALUES) return `(${values.map((v) => `${x} === ${typeof v === 'string' ? stringLiteral(v) : String(v)}`).join(' || ')})`;
    return `${this.constant(setOf(values))}.has(${x})`;
  }

  private primitiveExpr(ref: Extract<TypeRef, { kind: 'primitive' }>, x: string, direction: Direction): string {
    const c = ref.constraints ?? {};
    switch (ref.name) {
      case 'unknown':
        return 'true';
      case 'boolean':
        return `typeof ${x} === 'boolean'`;
      case 'binary':
        return `(${x} instanceof Uint8Array${direction === 'request' ? ` || (typeof Blob === 'function' && ${x} instanceof Blob)` : ''})`;
      case 'string': {
        const parts = [`typeof ${x} === 'string'`];
        // A code point count is at most the length: a string within the bound by length needs no counting.
        if (c.minLength !== undefined) parts.push(`(${x}.length >= ${c.minLength} && (${x}.length >= ${2 * c.minLength} || codePoints(${x}) >= ${c.minLength}))`);
        if (c.maxLength !== undefined) parts.push(`(${x}.length <= ${c.maxLength} || codePoints(${x}) <= ${c.maxLength})`);
        if (c.pattern !== undefined) parts.push(`${this.constant(`new RegExp(${stringLiteral(c.pattern)}, 'u')`)}.test(${x})`);
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
        if (c.minimum !== undefined) parts.push(`${x} >= ${c.minimum}`);
        if (c.maximum !== undefined) parts.push(`${x} <= ${c.maximum}`);
        if (c.exclusiveMinimum !== undefined) parts.push(`${x} > ${c.exclusiveMinimum}`);
        if (c.exclusiveMaximum !== undefined) parts.push(`${x} < ${c.exclusiveMaximum}`);
        if (c.multipleOf !== undefined) parts.push(`multipleOf(${x}, ${c.multipleOf})`);
        return `(${parts.join(' && ')})`;
      }
    }
  }

  private objectFunction(fn: string, fields: readonly Field[], open: boolean, direction: Direction, requiredWhen: readonly { field: string; value: string; require: readonly string[] }[], together: readonly (readonly string[])[]): string {
    const present = fields.filter((f) => !(direction === 'request' ? f.readOnly : f.writeOnly));
    const lines = ["if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;"];
    const name = (field: Field) => `a${present.indexOf(field)}`;
    // A closed object's own keys read once: each known one into its variable, an unknown one refuses
    // the value before any field is checked (as ajv does). Open objects read their fields by name.
    if (!open) lines.push(...keySwitch(fields, present, name, 'return false;'));
    present.forEach((field, i) => {
      const a = `a${i}`;
      // Read once, and only as an own property: a field named like an Object.prototype member is data.
      if (open) lines.push(`const ${a} = Object.hasOwn(v, ${stringLiteral(field.name)}) ? v[${stringLiteral(field.name)}] : undefined;`);
      lines.push(field.required ? `if (${a} === undefined || !(${this.expr(field.type, a, direction)})) return false;` : `if (${a} !== undefined && !(${this.expr(field.type, a, direction)})) return false;`);
    });
    for (const rule of requiredWhen) for (const required of rule.require) lines.push(`if (Object.hasOwn(v, ${stringLiteral(rule.field)}) && v[${stringLiteral(rule.field)}] === ${stringLiteral(rule.value)} && !Object.hasOwn(v, ${stringLiteral(required)})) return false;`);
    for (const group of together) lines.push(`{ const n = ${group.map((g) => `(Object.hasOwn(v, ${stringLiteral(g)}) ? 1 : 0)`).join(' + ')}; if (n !== 0 && n !== ${group.length}) return false; }`);
    lines.push('return true;');
    return `function ${fn}(v) {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
  }
}
