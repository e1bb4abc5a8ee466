/**
 * The one naming policy. Every identifier, property key, string literal and comment that carries
 * contract text into generated code goes through here; emitters never interpolate raw text.
 */
import { escapeInvisible, visibleText } from './escape.js';

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
    'package private protected public await any boolean number string symbol unknown never object undefined bigint of type as ' +
    'async from get set declare namespace module require keyof infer is asserts readonly abstract accessor satisfies out'
  ).split(' '),
);

/** Global names a generated type must not shadow (users' code in the same file would break). */
const GLOBALS = new Set(
  'Array Boolean Date Error Function JSON Map Math Number Object Promise Record Partial Required Readonly Pick Omit Exclude Extract RegExp Set String Symbol Uint8Array ArrayBuffer Response Request Headers URL AbortSignal Awaited ReturnType Parameters NonNullable'.split(
    ' ',
  ),
);

export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name);
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function safeStart(name: string, prefix: string): string {
  if (name === '') return prefix;
  return /^[0-9]/.test(name) ? `${prefix}${name}` : name;
}

/**
 * `of` with its results kept: the same names recur all over a contract (every endpoint's dozen
 * exported names start from its id; graph's `$select` is on thousands of endpoints), so each is
 * cased once. Bounded, for a long watch session.
 */
function cached(of: (name: string) => string): (name: string) => string {
  const known = new Map<string, string>();
  return (name) => {
    let out = known.get(name);
    if (out === undefined) {
      if (known.size > 200_000) known.clear();
      known.set(name, (out = of(name)));
    }
    return out;
  };
}

const pascalCached = cached(pascalOf);

/** `last_mile` → `LastMile`; used for type names derived from contract names. */
export function pascal(name: string): string {
  return pascalCached(name);
}

function pascalOf(name: string): string {
  const out = safeStart(words(name).map(capitalise).join(''), 'T');
  return GLOBALS.has(out) || RESERVED.has(out) ? `${out}_` : out;
}

/** `request_token` → `requestToken`; used for methods and functions. */
export function camel(name: string): string {
  if (isIdentifier(name) && /^[a-z]/.test(name)) return name;
  const [first = '', ...rest] = words(name);
  const out = safeStart(first.charAt(0).toLowerCase() + first.slice(1) + rest.map(capitalise).join(''), '_');
  return RESERVED.has(out) ? `${out}_` : out;
}

/**
 * The input key of a parameter: its wire name when that is an identifier (`order_id`, `limit`),
 * else its words in camel case (`X-Request-Id` → `xRequestId`, `page[size]` → `pageSize`). A
 * property may be named like a keyword, so only the form is made safe.
 */
export function inputKey(wireName: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(wireName) ? wireName : inputKeyCached(wireName);
}

const inputKeyCached = cached(inputKeyOf);

function inputKeyOf(wireName: string): string {
  const [first = '', ...rest] = words(wireName);
  return safeStart(first.charAt(0).toLowerCase() + first.slice(1) + rest.map(capitalise).join(''), '_');
}

/** `fulfilment` → `FULFILMENT`; used for exported constants. */
export function constant(name: string): string {
  return safeStart(
    words(name)
      .map((w) => w.toUpperCase())
      .join('_'),
    '_',
  );
}

/** A contract type name as a TypeScript type name. */
export function typeName(name: string): string {
  return isIdentifier(name) && !GLOBALS.has(name) ? name : pascal(name);
}

/**
 * Every name a JavaScript object inherits from Object.prototype (ECMAScript's, written out so no
 * output depends on the Node.js that runs the generator): a lookup by such a name finds the
 * inherited member unless the object has its own.
 */
export const OBJECT_PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', '__proto__', 'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf']);

/**
 * The members of TypeScript's `Object` interface (lib.es5.d.ts; test/object-members.test.ts holds
 * the list to the compiler's). TypeScript reads a property an object literal leaves out as
 * Object's member of that name, so `{ name: 'x' }` is no `{ name: string; constructor?: string }`:
 * its `constructor` is `Function`. JavaScript agrees: an object without the property reads the
 * inherited member.
 */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']);

/**
 * The type an optional property named `name` also admits: `Object['toString']` for a member of
 * Object's interface (what reading it gives when it is absent), so an object literal that leaves
 * it out is still of the type; undefined for every other name, and for a required property.
 * Every generated type writes its optional properties' types through here.
 */
export function absentMember(name: string, optional: boolean): string | undefined {
  return optional && OBJECT_MEMBERS.has(name) ? `Object[${stringLiteral(name)}]` : undefined;
}

/** A one-line type of a property named `name`, with what it admits when optional and absent (`absentMember`). */
export function propertyType(name: string, optional: boolean, type: string): string {
  const absent = absentMember(name, optional);
  return absent === undefined ? type : `${type} | ${absent}`;
}

/** An object key: bare when it is an identifier, else a quoted string (wire names are kept exactly). */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name);
}

/**
 * A JSON string: JSON.stringify's escaping, plus the characters it leaves raw that end a line in
 * JavaScript (U+2028, U+2029) or hide and reorder text (bidirectional controls, zero-width
 * characters: "Trojan Source"), written as `\uXXXX`, the same value to every reader.
 */
export function jsonString(text: string): string {
  return escapeInvisible(JSON.stringify(text));
}

/**
 * A string literal, safe in any position, quoted the way prettier prints it: single quotes unless
 * the text holds more single than double quotes. Escaped as `jsonString`.
 */
export function stringLiteral(text: string): string {
  const json = jsonString(text);
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  if (singles > doubles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/**
 * Text safe inside a JSDoc block: no comment terminator, no stray line terminators, and no other
 * control, bidirectional or zero-width character (shown escaped, as a terminal shows them).
 */
export function docText(text: string): string {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .split('\n')
    .map(visibleText)
    .join('\n')
    .replace(/(^|\s)@/g, '$1\\@')
    .trim();
}

/** A file's name, without its folders, fit for a one-line comment: printable, at most 100 characters. */
export function safeFileName(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? path;
  // A comment ends at any line terminator: keep the name on its line, printable and short.
  return [...file].map((c) => (/[\p{L}\p{N}._ -]/u.test(c) ? c : '_')).join('').slice(0, 100);
}
