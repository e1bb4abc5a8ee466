import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialiseParams, type ParamLocation, type ParamSpec, type ParamStyle } from './params.js';

// ---------------------------------------------------------------------------------------------
// Helpers: one parameter named `color` (the OpenAPI table's), read from input key `v`
// ---------------------------------------------------------------------------------------------

const EMPTY = '';
const STRING = 'blue';
const ARRAY = ['blue', 'black', 'brown'];
const OBJECT = { R: 100, G: 200, B: 150 };

function spec(location: ParamLocation, style?: ParamStyle, explode?: boolean, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { name: 'color', key: 'v', in: location, ...(style === undefined ? {} : { style }), ...(explode === undefined ? {} : { explode }), ...extra };
}

const query = (s: ParamSpec, value: unknown): string => serialiseParams('/x', [s], { v: value }).query;
const header = (s: ParamSpec, value: unknown): string | undefined => serialiseParams('/x', [s], { v: value }).headers[s.name.toLowerCase()];
const cookie = (s: ParamSpec, value: unknown): string | undefined => serialiseParams('/x', [s], { v: value }).cookie;
const path = (template: string, s: ParamSpec, value: unknown): string => serialiseParams(template, [s], { v: value }).path;

/** A query string decoded the way servers (and URLSearchParams) read it. */
const decoded = (text: string): [string, string][] => [...new URLSearchParams(text.slice(1))];

/** undefined: the table says n/a, which this module reports as a TypeError. */
type Row = [style: ParamStyle, explode: boolean, empty: string | undefined, string: string | undefined, array: string | undefined, object: string | undefined];

function expectRow(row: Row, run: (style: ParamStyle, explode: boolean, value: unknown) => string | undefined): void {
  const [style, explode, ...expected] = row;
  [EMPTY, STRING, ARRAY, OBJECT].forEach((value, i) => {
    const want = expected[i];
    if (want === undefined) expect(() => run(style, explode, value), `${style} ${explode} ${JSON.stringify(value)}`).toThrow(TypeError);
    else expect(run(style, explode, value), `${style} ${explode} ${JSON.stringify(value)}`).toBe(want);
  });
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI style-examples table, per location
// ---------------------------------------------------------------------------------------------

describe('OpenAPI style examples: path', () => {
  // The table's rows as the segment after `/items/`. Empty simple values and `.`-only segments are
  // TypeErrors (see params.ts), so the empty column for label is checked with a prefix below.
  const rows: Row[] = [
    ['matrix', false, ';color', ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
    ['matrix', true, ';color', ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
    // OpenAPI 3.1.1 (RFC 6570's `{.list}`): 3.0's table wrote `.blue.black.brown`, which servers such as Prism reject for objects.
    ['label', false, undefined, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
    ['label', true, undefined, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
    ['simple', false, undefined, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple', true, undefined, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ];
  it.each(rows)('%s explode=%s', (...row) => {
    expectRow(row, (style, explode, value) => path('/items/{color}', spec('path', style, explode), value).slice('/items/'.length));
  });

  it('writes label and matrix empties as the table does when the segment has more than the value', () => {
    expect(path('/items/v{color}', spec('path', 'label', false), '')).toBe('/items/v.');
    expect(path('/items/v{color}', spec('path', 'label', true), '')).toBe('/items/v.');
    expect(path('/items/{color}', spec('path', 'matrix', true), [''])).toBe('/items/;color');
  });

  it('defaults to simple without explode', () => {
    expect(path('/items/{color}', spec('path'), OBJECT)).toBe('/items/R,100,G,200,B,150');
  });
});

describe('OpenAPI style examples: query', () => {
  // spaceDelimited / pipeDelimited carry the name (3.1.0's table leaves it out by mistake); names
  // and deepObject brackets are percent-encoded (RFC 3986; 3.1.1's table).
  const rows: Row[] = [
    ['form', false, '?color=', '?color=blue', '?color=blue,black,brown', '?color=R,100,G,200,B,150'],
    ['form', true, '?color=', '?color=blue', '?color=blue&color=black&color=brown', '?R=100&G=200&B=150'],
    ['spaceDelimited', false, undefined, undefined, '?color=blue%20black%20brown', '?color=R%20100%20G%20200%20B%20150'],
    ['pipeDelimited', false, undefined, undefined, '?color=blue|black|brown', '?color=R|100|G|200|B|150'],
    ['deepObject', true, undefined, undefined, undefined, '?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
  ];
  it.each(rows)('%s explode=%s', (...row) => {
    expectRow(row, (style, explode, value) => query(spec('query', style, explode), value));
  });

  it('defaults to form with explode', () => {
    expect(query(spec('query'), ARRAY)).toBe('?color=blue&color=black&color=brown');
    expect(query(spec('query', 'form'), OBJECT)).toBe('?R=100&G=200&B=150');
  });

  it('writes spaceDelimited and pipeDelimited with explode as form', () => {
    expect(query(spec('query', 'spaceDelimited', true), ARRAY)).toBe('?color=blue&color=black&color=brown');
    expect(query(spec('query', 'pipeDelimited', true), OBJECT)).toBe('?R=100&G=200&B=150');
    expect(() => query(spec('query', 'pipeDelimited', true), 'blue')).toThrow("query parameter 'color' uses style pipeDelimited, which needs an array or object");
  });

  it('accepts deepObject without explode (only explode: true is defined, false is the default)', () => {
    expect(query(spec('query', 'deepObject'), OBJECT)).toBe('?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150');
  });
});

describe('OpenAPI style examples: header', () => {
  // Header values are not percent-encoded; an empty value is sent as it is.
  const rows: Row[] = [
    ['simple', false, '', 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple', true, '', 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ];
  it.each(rows)('%s explode=%s', (...row) => {
    expectRow(row, (style, explode, value) => header(spec('header', style, explode), value));
  });

  it('defaults to simple without explode and lower-cases the name', () => {
    const s: ParamSpec = { name: 'X-Color', key: 'v', in: 'header' };
    expect(serialiseParams('/x', [s], { v: OBJECT }).headers).toEqual({ 'x-color': 'R,100,G,200,B,150' });
  });
});

describe('OpenAPI style examples: cookie', () => {
  // Form, joined with '; ' as RFC 6265 requires (3.1.0's table uses '&').
  const rows: Row[] = [
    ['form', false, 'color=', 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
    ['form', true, 'color=', 'color=blue', 'color=blue; color=black; color=brown', 'R=100; G=200; B=150'],
  ];
  it.each(rows)('%s explode=%s', (...row) => {
    expectRow(row, (style, explode, value) => cookie(spec('cookie', style, explode), value));
  });

  it('defaults to form with explode', () => {
    expect(cookie(spec('cookie'), ARRAY)).toBe('color=blue; color=black; color=brown');
  });
});

describe('styles a location does not allow', () => {
  it.each([
    ['path', 'form'],
    ['path', 'deepObject'],
    ['query', 'simple'],
    ['query', 'matrix'],
    ['header', 'label'],
    ['header', 'form'],
    ['cookie', 'simple'],
    ['cookie', 'deepObject'],
  ] as const)('%s %s is a TypeError', (location, style) => {
    expect(() => serialiseParams('/{color}', [spec(location, style)], { v: 'blue' })).toThrow(`${location} parameter 'color' cannot use style '${style}'`);
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const HOSTILE = ['../x', '...', '?a=b', 'a&b=c', '#frag', 'x\r\nSet-Cookie: y', '%2F', '%2e%2e', 'ü日本🎉', 'a/b', 'a\\b', ' +;,=', "!'()*", '\0'];

describe('query values stay inside their parameter', () => {
  it.each(HOSTILE)('%j', (value) => {
    for (const allowReserved of [false, true]) {
      const { query: q } = serialiseParams('/x', [{ name: 'q', key: 'q', in: 'query', allowReserved }, { name: 'after', key: 'after', in: 'query' }], { q: value, after: '1' });
      expect(decoded(q)).toEqual([
        ['q', value],
        ['after', '1'],
      ]);
      expect(q).not.toMatch(/[#\r\n ]/);
    }
  });

  it('encodes hostile array items and object keys and values', () => {
    const items = query({ name: 'q', key: 'v', in: 'query' }, HOSTILE);
    expect(decoded(items)).toEqual(HOSTILE.map((value) => ['q', value]));
    const unexploded = query({ name: 'q', key: 'v', in: 'query', explode: false }, ['a,b', 'c']);
    expect(unexploded).toBe('?q=a%2Cb,c');
    const object = Object.fromEntries(HOSTILE.map((value) => [value, value]));
    expect(decoded(query({ name: 'q', key: 'v', in: 'query' }, object))).toEqual(HOSTILE.map((value) => [value, value]));
  });

  it('encodes every character outside the RFC 3986 unreserved set', () => {
    expect(query({ name: 'q', key: 'v', in: 'query' }, "-._~!'()*:/?#[]@$&+,;= %")).toBe('?q=-._~%21%27%28%29%2A%3A%2F%3F%23%5B%5D%40%24%26%2B%2C%3B%3D%20%25');
  });

  it('with allowReserved keeps :/?[]@!$\'()*,; raw but still encodes & = # +', () => {
    const s: ParamSpec = { name: 'q', key: 'v', in: 'query', allowReserved: true };
    expect(query(s, ":/?#[]@!$&'()*+,;= %é")).toBe("?q=:/?%23[]@!$%26'()*%2B,;%3D%20%25%C3%A9");
    expect(query({ ...s, explode: false }, { 'a/b': 'c/d' })).toBe('?q=a/b,c/d');
    // Names are never sent raw, even with allowReserved.
    expect(query({ ...s, name: 'a/b' }, 'x')).toBe('?a%2Fb=x');
  });

  it('encodes names, so a name with brackets reads back as itself', () => {
    const q = serialiseParams('/x', [{ name: 'page[size]', key: 'size', in: 'query' }], { size: 10 }).query;
    expect(q).toBe('?page%5Bsize%5D=10');
    expect(decoded(q)).toEqual([['page[size]', '10']]);
  });

  it('rejects deepObject keys with brackets, which would read as another level', () => {
    expect(() => query(spec('query', 'deepObject', true), { 'a][b': 1 })).toThrow(`query parameter 'color' has the object key "a][b", which deepObject cannot carry ('[' or ']')`);
  });

  it('writes one nested deepObject level and rejects deeper ones', () => {
    const s: ParamSpec = { name: 'filter', key: 'v', in: 'query', style: 'deepObject', explode: true };
    const q = query(s, { created: { gte: 1, lt: 2n }, status: 'open', none: undefined });
    expect(q).toBe('?filter%5Bcreated%5D%5Bgte%5D=1&filter%5Bcreated%5D%5Blt%5D=2&filter%5Bstatus%5D=open');
    expect(decoded(q)).toEqual([
      ['filter[created][gte]', '1'],
      ['filter[created][lt]', '2'],
      ['filter[status]', 'open'],
    ]);
    expect(() => query(s, { a: { b: { c: 1 } } })).toThrow("query parameter 'filter' has a value that cannot be sent (a nested object)");
    expect(() => query(s, { a: [1] })).toThrow("query parameter 'filter' has a value that cannot be sent (a nested array)");
  });
});

describe('path values stay inside their segment', () => {
  const TEMPLATE = '/orders/{id}/items';

  it.each(HOSTILE)('%j', (value) => {
    for (const style of ['simple', 'label', 'matrix'] as const) {
      const p = path(TEMPLATE, { name: 'id', key: 'v', in: 'path', style }, value);
      expect(p.split('/')).toHaveLength(TEMPLATE.split('/').length);
      const url = new URL('http://h' + p);
      expect(url.pathname).toBe(p);
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
      const segment = url.pathname.split('/')[2] ?? '';
      const prefix = style === 'simple' ? '' : style === 'label' ? '.' : ';id=';
      expect(decodeURIComponent(segment)).toBe(prefix + value);
    }
  });

  it.each(['.', '..', '%2e', '%2E%2E'])('%j cannot traverse', (value) => {
    const s: ParamSpec = { name: 'id', key: 'v', in: 'path' };
    if (value.startsWith('%')) {
      // '%' is encoded, so these are plain text, not dots.
      expect(path(TEMPLATE, s, value)).toBe(`/orders/${value.replace(/%/g, '%25')}/items`);
      return;
    }
    expect(() => path(TEMPLATE, s, value)).toThrow(`path parameter 'id' makes the segment '${value}', which URLs resolve as a relative path; it cannot be sent`);
  });

  it('catches dot segments whatever style made them', () => {
    expect(() => path(TEMPLATE, { name: 'id', key: 'v', in: 'path', style: 'label' }, '')).toThrow(TypeError);
    expect(() => path(TEMPLATE, { name: 'id', key: 'v', in: 'path', style: 'label' }, '.')).toThrow(TypeError);
    expect(() => path(TEMPLATE, { name: 'id', key: 'v', in: 'path', style: 'label', explode: true }, ['', ''])).toThrow(TypeError);
    expect(() => path('/orders/{id}.', { name: 'id', key: 'v', in: 'path' }, '.')).toThrow(TypeError);
    expect(path('/orders/{id}.json', { name: 'id', key: 'v', in: 'path' }, '..')).toBe('/orders/...json');
  });

  it('encodes array items and object keys too', () => {
    const s: ParamSpec = { name: 'id', key: 'v', in: 'path', explode: true };
    expect(path(TEMPLATE, s, ['a/b', '?'])).toBe('/orders/a%2Fb,%3F/items');
    expect(path(TEMPLATE, s, { 'a/b': '#', c: 'd=e' })).toBe('/orders/a%2Fb=%23,c=d%3De/items');
    expect(path(TEMPLATE, { ...s, style: 'matrix' }, { 'k;x': 'v' })).toBe('/orders/;k%3Bx=v/items');
  });

  it('encodes the name in matrix style', () => {
    expect(path('/a/{x y}', { name: 'x y', key: 'v', in: 'path', style: 'matrix' }, 1)).toBe('/a/;x%20y=1');
  });

  it('replaces every placeholder, including repeats', () => {
    const params: ParamSpec[] = [
      { name: 'org', key: 'org', in: 'path' },
      { name: 'id', key: 'id', in: 'path' },
    ];
    expect(serialiseParams('/orgs/{org}/orders/{id}/{org}-{id}', params, { org: 'acme', id: 7 }).path).toBe('/orgs/acme/orders/7/acme-7');
  });

  it('rejects empty path values', () => {
    const s: ParamSpec = { name: 'id', key: 'v', in: 'path' };
    for (const value of ['', [], {}, { a: undefined }, ['']]) {
      expect(() => path(TEMPLATE, s, value), JSON.stringify(value)).toThrow("path parameter 'id' is empty; a path parameter needs a value");
    }
  });

  it('rejects a placeholder without a parameter, and a parameter without a placeholder', () => {
    expect(() => serialiseParams('/orders/{id}', [], {})).toThrow("path template '/orders/{id}' has {id} but no path parameter named 'id'");
    expect(() => serialiseParams('/orders', [{ name: 'id', key: 'id', in: 'path' }], { id: 1 })).toThrow("path parameter 'id' has no {id} in the path template '/orders'");
  });

  it('leaves a template without placeholders as it is', () => {
    expect(serialiseParams('/health', [], {})).toEqual({ path: '/health', query: '', headers: {}, cookie: undefined });
  });
});

describe('header values', () => {
  const s: ParamSpec = { name: 'X-Note', key: 'v', in: 'header' };
  const message = "header parameter 'X-Note' contains a control character or a character above U+00FF, which cannot be sent safely in a header";

  it.each(['x\r\nSet-Cookie: y', 'a\nb', 'a\rb', 'a\0b', 'a\x7fb', 'a\x85b', '日本', '🎉', '\ud800'])('rejects %j', (value) => {
    expect(() => header(s, value)).toThrow(message);
  });

  it('rejects unsafe characters in array items and object keys', () => {
    expect(() => header(s, ['ok', 'a\r\nb'])).toThrow(message);
    expect(() => header(s, { 'a\nb': 'c' })).toThrow(message);
  });

  it('sends tab, Latin-1 and reserved characters as they are', () => {
    expect(header(s, 'a\tb ü ; , = %2F ?#')).toBe('a\tb ü ; , = %2F ?#');
  });

  it('rejects a header name that is not a token', () => {
    expect(() => header({ name: 'X Note', key: 'v', in: 'header' }, 'a')).toThrow("header parameter 'X Note' is not a valid header name");
  });

  it('ignores Accept, Content-Type and Authorization, as OpenAPI requires', () => {
    const params: ParamSpec[] = ['Accept', 'content-type', 'Authorization'].map((name): ParamSpec => ({ name, key: 'v', in: 'header', required: true }));
    expect(serialiseParams('/x', params, { v: 'x' }).headers).toEqual({});
    expect(serialiseParams('/x', params, {}).headers).toEqual({});
  });
});

describe('cookie values', () => {
  it('percent-encodes values so they cannot end the cookie or add one', () => {
    const c = cookie({ name: 'sid', key: 'v', in: 'cookie' }, 'a; evil=1,\r\n x');
    expect(c).toBe('sid=a%3B%20evil%3D1%2C%0D%0A%20x');
    expect(c?.split('; ')).toHaveLength(1);
  });

  it('joins several cookies in ParamSpec order', () => {
    const params: ParamSpec[] = [
      { name: 'b', key: 'b', in: 'cookie' },
      { name: 'a', key: 'a', in: 'cookie' },
    ];
    expect(serialiseParams('/x', params, { a: 1, b: true }).cookie).toBe('b=true; a=1');
  });

  it('rejects names that are not RFC 6265 tokens', () => {
    for (const name of ['a b', 'a;b', 'a=b', '', 'é']) {
      expect(() => cookie({ name, key: 'v', in: 'cookie' }, 'x'), name).toThrow(`cookie parameter '${name}' is not a valid cookie name (an RFC 6265 token)`);
    }
  });

  it('rejects exploded object keys that are not tokens, but encodes them when not exploded', () => {
    expect(() => cookie(spec('cookie'), { 'a;b': 1 })).toThrow(`cookie parameter 'color' has the object key "a;b", which is not a valid cookie name`);
    expect(cookie(spec('cookie', 'form', false), { 'a;b': 1 })).toBe('color=a%3Bb,1');
  });
});

// ---------------------------------------------------------------------------------------------
// Presence, value types and input keys
// ---------------------------------------------------------------------------------------------

describe('missing and absent values', () => {
  it.each(['query', 'header', 'cookie'] as const)('a required %s parameter that is absent is a TypeError', (location) => {
    const s: ParamSpec = { name: 'X-Thing', key: 'thing', in: location, required: true };
    for (const input of [{}, { thing: undefined }, { thing: null }]) {
      expect(() => serialiseParams('/x', [s], input)).toThrow(`required ${location} parameter 'X-Thing' is missing`);
    }
  });

  it('a path parameter is always required', () => {
    const s: ParamSpec = { name: 'order_id', key: 'orderId', in: 'path' };
    for (const input of [{}, { orderId: undefined }, { orderId: null }]) {
      expect(() => serialiseParams('/orders/{order_id}', [s], input)).toThrow("path parameter 'order_id' is missing");
    }
  });

  it('optional parameters without a value are not sent; null counts as no value', () => {
    const params: ParamSpec[] = (['query', 'header', 'cookie'] as const).map((location): ParamSpec => ({ name: location, key: location, in: location }));
    for (const value of [undefined, null, [], {}, { a: undefined, b: null }]) {
      const out = serialiseParams('/x', params, { query: value, header: value, cookie: value });
      expect(out, JSON.stringify(value)).toEqual({ path: '/x', query: '', headers: {}, cookie: undefined });
    }
  });

  it('an empty array is not sent even when required (it is present, and has nothing to send)', () => {
    expect(query({ name: 'q', key: 'v', in: 'query', required: true }, [])).toBe('');
  });

  it('skips undefined and null object members', () => {
    expect(query({ name: 'q', key: 'v', in: 'query' }, { a: 1, b: undefined, c: null, d: '' })).toBe('?a=1&d=');
  });
});

describe('input keys', () => {
  it('reads own properties only, so prototype members never count as values', () => {
    for (const key of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      const s: ParamSpec = { name: 'q', key, in: 'query' };
      expect(serialiseParams('/x', [s], {}).query, key).toBe('');
      expect(() => serialiseParams('/x', [{ ...s, required: true }], {}), key).toThrow("required query parameter 'q' is missing");
    }
  });

  it('sends an own __proto__ property (from JSON) like any other key', () => {
    const input = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    expect(serialiseParams('/x', [{ name: 'q', key: '__proto__', in: 'query' }], input).query).toBe('?q=x');
  });

  it('keeps __proto__ as an object key inside its parameter', () => {
    const value = JSON.parse('{"__proto__": "x", "a": "b"}') as Record<string, unknown>;
    expect(decoded(query({ name: 'q', key: 'v', in: 'query' }, value))).toEqual([
      ['__proto__', 'x'],
      ['a', 'b'],
    ]);
    expect(query({ name: 'q', key: 'v', in: 'query', explode: false }, value)).toBe('?q=__proto__,x,a,b');
    expect(query({ name: 'q', key: 'v', in: 'query', style: 'deepObject' }, value)).toBe('?q%5B__proto__%5D=x&q%5Ba%5D=b');
    expect(path('/a/{q}', { name: 'q', key: 'v', in: 'path', explode: true }, value)).toBe('/a/__proto__=x,a=b');
    expect(header({ name: 'q', key: 'v', in: 'header' }, value)).toBe('__proto__,x,a,b');
  });

  it('keeps a header named __proto__ as a key', () => {
    const headers = serialiseParams('/x', [{ name: '__proto__', key: 'v', in: 'header' }], { v: 'x' }).headers;
    expect(Object.keys(headers)).toEqual(['__proto__']);
    expect(headers['__proto__']).toBe('x');
  });
});

describe('value types', () => {
  it('writes bigint as its digits everywhere', () => {
    const big = 12345678901234567890n;
    const params: ParamSpec[] = (['path', 'query', 'header', 'cookie'] as const).map((location): ParamSpec => ({ name: location, key: location, in: location }));
    const out = serialiseParams('/n/{path}', params, { path: big, query: [-5n, big], header: big, cookie: big });
    expect(out).toEqual({
      path: '/n/12345678901234567890',
      query: '?query=-5&query=12345678901234567890',
      headers: { header: '12345678901234567890' },
      cookie: 'cookie=12345678901234567890',
    });
  });

  it('writes numbers and booleans as JavaScript prints them', () => {
    expect(query({ name: 'q', key: 'v', in: 'query' }, [0, -0, 1.5, 1e21, true, false])).toBe('?q=0&q=0&q=1.5&q=1e%2B21&q=true&q=false');
  });

  class Point {
    x = 1;
  }
  const bad: [string, unknown, string][] = [
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['a function', () => 1, 'function'],
    ['a symbol', Symbol('s'), 'symbol'],
    ['a Date', new Date(0), 'Date'],
    ['a Map', new Map(), 'Map'],
    ['a class instance', new Point(), 'Object'],
    ['a nested array', [[1]], 'a nested array'],
    ['a nested object', { a: { b: 1 } }, 'a nested object'],
    ['an array holding null', [1, null], 'null'],
    ['an array holding NaN', [Number.NaN], 'NaN'],
  ];
  it.each(bad)('%s is a TypeError naming the parameter', (_, value, what) => {
    for (const location of ['path', 'query', 'header', 'cookie'] as const) {
      expect(() => serialiseParams('/{p}', [{ name: 'p', key: 'v', in: location }], { v: value }), location).toThrow(`${location} parameter 'p' has a value that cannot be sent (${what})`);
    }
  });

  it('accepts null-prototype objects', () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(query({ name: 'q', key: 'v', in: 'query' }, value)).toBe('?a=1');
  });

  it('reports a lone surrogate by parameter', () => {
    expect(() => query({ name: 'q', key: 'v', in: 'query' }, 'a\ud800')).toThrow("query parameter 'q' contains a lone surrogate, which cannot be percent-encoded");
    expect(() => path('/{p}', { name: 'p', key: 'v', in: 'path' }, '\udc00')).toThrow("path parameter 'p' contains a lone surrogate, which cannot be percent-encoded");
  });
});

describe('serialiseParams', () => {
  it('sorts each parameter into its place, in ParamSpec order', () => {
    const params: ParamSpec[] = [
      { name: 'order_id', key: 'orderId', in: 'path' },
      { name: 'expand', key: 'expand', in: 'query', explode: false },
      { name: 'X-Request-Id', key: 'xRequestId', in: 'header', required: true },
      { name: 'page[size]', key: 'pageSize', in: 'query' },
      { name: 'session', key: 'session', in: 'cookie' },
      { name: 'tag', key: 'tag', in: 'query' },
      { name: 'theme', key: 'theme', in: 'cookie' },
    ];
    const out = serialiseParams('/orders/{order_id}', params, { orderId: 'A-1', expand: ['items', 'customer'], xRequestId: 'r1', pageSize: 20, session: 's 1', tag: ['x', 'y'], theme: 'dark' });
    expect(out).toEqual({
      path: '/orders/A-1',
      query: '?expand=items,customer&page%5Bsize%5D=20&tag=x&tag=y',
      headers: { 'x-request-id': 'r1' },
      cookie: 'session=s%201; theme=dark',
    });
  });

  it('compiles a template once and gives the same answer again', () => {
    const s: ParamSpec = { name: 'id', key: 'id', in: 'path' };
    expect(serialiseParams('/cached/{id}', [s], { id: 1 }).path).toBe('/cached/1');
    expect(serialiseParams('/cached/{id}', [s], { id: 2 }).path).toBe('/cached/2');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/** Any code point, weighted towards the ones that delimit something in a URL, header or cookie. */
const UNIT = fc.oneof(fc.constantFrom('.', '/', '\\', '%', '?', '#', '&', '=', '+', ';', ',', ' ', '\r', '\n', '[', ']', '|', '"', "'", '*', '%2F', '%2e'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const TEXT = fc.string({ unit: UNIT, maxLength: 24 });

/** The result, or the TypeError it threw (anything else is rethrown and fails the property). */
function attempt<T>(run: () => T): T | TypeError {
  try {
    return run();
  } catch (error) {
    if (error instanceof TypeError) return error;
    throw error;
  }
}

describe('properties', () => {
  it('a form query value (and name) round-trips through URLSearchParams', () => {
    fc.assert(
      fc.property(TEXT, TEXT, fc.boolean(), (name, value, allowReserved) => {
        const params: ParamSpec[] = [
          { name, key: 'v', in: 'query', allowReserved },
          { name: 'z', key: 'z', in: 'query' },
        ];
        const q = serialiseParams('/x', params, { v: value, z: '1' }).query;
        expect(decoded(q)).toEqual([
          [name, value],
          ['z', '1'],
        ]);
      }),
      { numRuns: 500 },
    );
  });

  it('a path value stays in its segment and decodes back, or is refused', () => {
    const template = '/a/{id}/b';
    fc.assert(
      fc.property(TEXT, (value) => {
        const p = attempt(() => path(template, { name: 'id', key: 'v', in: 'path' }, value));
        if (p instanceof TypeError) {
          expect(['', '.', '..']).toContain(value);
          return;
        }
        const segments = p.split('/');
        expect(segments).toHaveLength(4);
        expect(decodeURIComponent(segments[2] ?? '')).toBe(value);
        expect(new URL('http://h' + p).pathname).toBe(p);
      }),
      { numRuns: 500 },
    );
  });

  it('a header value is sent unchanged or refused, never with CR, LF or NUL', () => {
    fc.assert(
      fc.property(TEXT, (value) => {
        const sent = attempt(() => header({ name: 'X-V', key: 'v', in: 'header' }, value));
        if (sent instanceof TypeError) return;
        expect(sent).toBe(value);
        expect(sent).not.toMatch(/[\r\n\0]/);
      }),
      { numRuns: 500 },
    );
  });

  it('a cookie value stays one cookie and decodes back', () => {
    fc.assert(
      fc.property(TEXT, (value) => {
        const c = cookie({ name: 'c', key: 'v', in: 'cookie' }, value) ?? '';
        expect(c).toMatch(/^c=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/);
        expect(decodeURIComponent(c.slice(2))).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});
