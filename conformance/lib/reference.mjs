// The reference serialisation of a parameter, written from the OpenAPI Specification's own
// "Style Examples" table (OAS 3.1.1 §4.8.12.4; the same rows as 3.0.4) and nothing else: this
// file never reads the generated runtime (templates/), so a difference between the two is a
// finding, not an echo. reference.test.mjs holds it to every cell of that table.
//
// What the table shows, as rules:
// - values are percent-encoded as RFC 3986 asks (everything but the unreserved characters;
//   allowReserved keeps the reserved ones), names too; the delimiters the style adds are not;
// - matrix and label prefix `;name=` and `.`; simple writes the bare value; form writes `name=value`;
// - a non-exploded array or object is one value joined with `,` (object: key,value,key,value);
//   spaceDelimited and pipeDelimited join with an encoded space (%20) and pipe (%7C);
// - exploded: matrix repeats `;name=` (object: `;key=value`), label repeats `.`, form repeats
//   `name=` (object: `key=value`, its own keys), simple writes key=value pairs;
// - deepObject (explode true only) writes `name[key]=value` with the brackets encoded (%5B, %5D);
// - an empty value (the `undefined` column) is `;name`, `.`, nothing, `name=`.
// OAS 3.1.0's table had label non-exploded as `.blue.black.brown`; 3.1.1 corrected it to RFC 6570's
// `.blue,black,brown`, which this follows. Cookies are not in the table: RFC 6265's `name=value`,
// joined by the caller with `; `, each value encoded like a form value.

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

/** RFC 3986 percent-encoding of UTF-8 bytes; `keepReserved` leaves the gen-delims and sub-delims. */
export function pctEncode(text, keepReserved = false) {
  let out = '';
  for (const ch of String(text)) {
    if (UNRESERVED.test(ch) || (keepReserved && RESERVED.test(ch))) out += ch;
    else for (const byte of new TextEncoder().encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The kind of value the table has a column for: `undefined` (empty), string, array or object. */
export function kindOf(value) {
  if (value === '' || value === undefined || value === null) return 'empty';
  if (Array.isArray(value)) return value.length === 0 ? 'empty' : 'array';
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'empty' : 'object';
  return 'string';
}

/** A value the table can write: scalars and arrays of scalars and flat objects of scalars. */
export function isWritable(value) {
  const scalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  if (scalar(value)) return true;
  if (Array.isArray(value)) return value.every(scalar);
  return typeof value === 'object' && Object.values(value).every(scalar);
}

const text = (v) => (v === null ? 'null' : String(v));

/**
 * One parameter as the table writes it. `path`, `header`: the text in place of `{name}` / the
 * header's value. `query`, `cookie`: the list of `key=value` pieces (the caller joins them with `&`
 * or `; `). Undefined where the table has `n/a` (or the value is nested deeper than it shows).
 */
export function serialise({ name, in: place, style, explode, value, allowReserved = false }) {
  const s = style ?? (place === 'query' || place === 'cookie' ? 'form' : 'simple');
  const x = explode ?? s === 'form';
  if (!isWritable(value)) return undefined;
  const enc = place === 'header' ? (t) => text(t) : (t) => pctEncode(text(t), allowReserved && place === 'query');
  const kind = kindOf(value);
  const items = kind === 'array' ? value.map(enc) : undefined;
  const pairs = kind === 'object' ? Object.entries(value).map(([k, v]) => [enc(k), enc(v)]) : undefined;
  const flat = kind === 'array' ? items : kind === 'object' ? pairs.flat() : kind === 'string' ? [enc(value)] : [];
  const n = enc(name);
  switch (s) {
    case 'matrix':
      if (kind === 'empty') return `;${n}`;
      if (!x || kind === 'string') return `;${n}=${flat.join(',')}`;
      return kind === 'array' ? items.map((i) => `;${n}=${i}`).join('') : pairs.map(([k, v]) => `;${k}=${v}`).join('');
    case 'label':
      if (kind === 'empty') return '.';
      if (!x || kind === 'string') return `.${flat.join(',')}`;
      return kind === 'array' ? `.${items.join('.')}` : `.${pairs.map(([k, v]) => `${k}=${v}`).join('.')}`;
    case 'simple':
      if (kind === 'empty') return '';
      if (x && kind === 'object') return pairs.map(([k, v]) => `${k}=${v}`).join(',');
      return flat.join(',');
    case 'form':
      if (kind === 'empty') return [`${n}=`];
      if (!x || kind === 'string') return [`${n}=${flat.join(',')}`];
      return kind === 'array' ? items.map((i) => `${n}=${i}`) : pairs.map(([k, v]) => `${k}=${v}`);
    case 'spaceDelimited':
    case 'pipeDelimited':
      if (x || kind === 'empty' || kind === 'string') return undefined;
      return [`${n}=${flat.join(s === 'spaceDelimited' ? '%20' : '%7C')}`];
    case 'deepObject':
      if (!x || kind !== 'object') return undefined;
      return pairs.map(([k, v]) => `${n}%5B${k}%5D=${v}`);
    default:
      return undefined;
  }
}
