// The reference serialiser against every cell of OAS 3.1.1 §4.8.12.4 "Style Examples" (run by
// `node --test conformance/lib/` and at the start of every conformance run).
// The rows are the table's as printed: `color` = "" (undefined), "blue", ["blue","black","brown"],
// {R:100,G:200,B:150}; form rows carry the table's `?`, which starts the query, not the parameter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serialise } from './reference.mjs';

export const STYLE_EXAMPLES = `
| matrix | false | ;color | ;color=blue | ;color=blue,black,brown | ;color=R,100,G,200,B,150 |
| matrix | true | ;color | ;color=blue | ;color=blue;color=black;color=brown | ;R=100;G=200;B=150 |
| label | false | . | .blue | .blue,black,brown | .R,100,G,200,B,150 |
| label | true | . | .blue | .blue.black.brown | .R=100.G=200.B=150 |
| simple | false | _empty_ | blue | blue,black,brown | R,100,G,200,B,150 |
| simple | true | _empty_ | blue | blue,black,brown | R=100,G=200,B=150 |
| form | false | ?color= | ?color=blue | ?color=blue,black,brown | ?color=R,100,G,200,B,150 |
| form | true | ?color= | ?color=blue | ?color=blue&color=black&color=brown | ?R=100&G=200&B=150 |
| spaceDelimited | false | _n/a_ | _n/a_ | ?color=blue%20black%20brown | ?color=R%20100%20G%20200%20B%20150 |
| spaceDelimited | true | _n/a_ | _n/a_ | _n/a_ | _n/a_ |
| pipeDelimited | false | _n/a_ | _n/a_ | ?color=blue%7Cblack%7Cbrown | ?color=R%7C100%7CG%7C200%7CB%7C150 |
| pipeDelimited | true | _n/a_ | _n/a_ | _n/a_ | _n/a_ |
| deepObject | false | _n/a_ | _n/a_ | _n/a_ | _n/a_ |
| deepObject | true | _n/a_ | _n/a_ | _n/a_ | ?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150 |
`;

const VALUES = {
  undefined: '',
  string: 'blue',
  array: ['blue', 'black', 'brown'],
  object: { R: 100, G: 200, B: 150 },
};
const COLUMNS = ['undefined', 'string', 'array', 'object'];
const PLACE = {
  matrix: 'path',
  label: 'path',
  simple: 'path',
  form: 'query',
  spaceDelimited: 'query',
  pipeDelimited: 'query',
  deepObject: 'query',
};

/** The table's cell as the serialiser's answer: a query cell without `?`, split into pieces. */
function expected(place, cell) {
  if (cell === '_n/a_') return undefined;
  if (cell === '_empty_') return '';
  return place === 'query' ? cell.replace(/^\?/, '').split('&') : cell;
}

export function rows() {
  return STYLE_EXAMPLES.trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .map(([style, explode, ...cells]) => ({
      style,
      explode: explode === 'true',
      cells,
    }));
}

for (const { style, explode, cells } of rows()) {
  test(`${style}, explode ${explode}`, () => {
    COLUMNS.forEach((column, i) => {
      const place = PLACE[style];
      const got = serialise({
        name: 'color',
        in: place,
        style,
        explode,
        value: VALUES[column],
      });
      assert.deepEqual(got, expected(place, cells[i]), `${style} explode=${explode} ${column}`);
    });
  });
}

test('a header is simple and never encoded; a cookie is a form piece', () => {
  assert.equal(serialise({ name: 'X-Color', in: 'header', value: ['blue', 'a b'] }), 'blue,a b');
  assert.deepEqual(serialise({ name: 'color', in: 'cookie', value: 'a b' }), ['color=a%20b']);
});

test('allowReserved keeps reserved characters in a query value', () => {
  assert.deepEqual(serialise({ name: 'q', in: 'query', value: 'a/b:c', allowReserved: true }), ['q=a/b:c']);
  assert.deepEqual(serialise({ name: 'q', in: 'query', value: 'a/b:c' }), ['q=a%2Fb%3Ac']);
});
