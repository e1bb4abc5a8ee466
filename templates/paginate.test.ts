import { describe, expect, it } from 'vitest';
import { nextPageUrl, type Result } from './exchange.js';
import { inspect } from 'node:util';
import { DEFAULT_MAX_PAGES, PAGE_URL, items, pages, parseLinkHeader, type PageCall, type PageLimitError, type PaginationSpec } from './paginate.js';

type Input = Readonly<Record<string | symbol, unknown>>;
interface Err {
  readonly code: string;
}
type Reply = Result<unknown, Err>;

const ok = (data: unknown, headers: Record<string, string> = {}, status = 200): Reply => ({ ok: true, data, status, response: { status, headers } });
const fail = (code: string): Reply => ({ ok: false, error: { code } });

/** An in-memory server: `respond` answers the n-th call (0-based); every input is recorded. */
function server(respond: (input: Input, n: number) => Reply | Promise<Reply>): { call: PageCall<Err>; inputs: Input[] } {
  const inputs: Input[] = [];
  const call: PageCall<Err> = async (input) => {
    inputs.push(input);
    return respond(input, inputs.length - 1);
  };
  return { call, inputs };
}

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterator) out.push(value);
  return out;
}

const dataOf = (results: readonly Reply[]): unknown[] => results.map((r) => (r.ok ? r.data : r.error));

describe('cursor pagination', () => {
  const spec: PaginationSpec = { kind: 'cursor', param: 'cursor', next: ['meta', 'next'], items: ['data'] };
  const book: Record<string, { data: number[]; meta: { next?: unknown } }> = {
    '': { data: [1, 2], meta: { next: 'c2' } },
    c2: { data: [3], meta: { next: 'c3' } },
    c3: { data: [4, 5], meta: { next: null } },
  };
  const paged = () => server((input) => ok(book[String(input['cursor'] ?? '')]));

  it('sends the cursor of each page in the next request, keeping the other inputs', async () => {
    const { call, inputs } = paged();
    const results = await collect(pages(call, spec, { limit: 2, q: 'x' }));
    expect(inputs).toEqual([{ limit: 2, q: 'x' }, { limit: 2, q: 'x', cursor: 'c2' }, { limit: 2, q: 'x', cursor: 'c3' }]);
    expect(dataOf(results)).toEqual([book[''], book['c2'], book['c3']]);
  });

  it.each([
    ['absent', {}],
    ['null', { next: null }],
    ['empty', { next: '' }],
    ['not a scalar', { next: { id: 'c2' } }],
    ['a boolean', { next: true }],
    ['not finite', { next: Number.NaN }],
  ])('stops when the next cursor is %s', async (_, meta) => {
    const { call, inputs } = server(() => ok({ data: [1], meta }));
    expect(await collect(pages(call, spec, {}))).toHaveLength(1);
    expect(inputs).toHaveLength(1);
  });

  it('stops when the server answers with the cursor it was just sent', async () => {
    const { call, inputs } = server(() => ok({ data: [1], meta: { next: 'c2' } }));
    expect(await collect(pages(call, spec, {}))).toHaveLength(2);
    expect(inputs.map((i) => i['cursor'])).toEqual([undefined, 'c2']);
  });

  it('treats the input cursor as the one sent first', async () => {
    const { call, inputs } = server(() => ok({ data: [], meta: { next: 'start' } }));
    await collect(pages(call, spec, { cursor: 'start' }));
    expect(inputs).toEqual([{ cursor: 'start' }]);
  });

  it('follows numeric and bigint cursors', async () => {
    const next = [7, 2n ** 64n, null];
    const { call, inputs } = server((_, n) => ok({ meta: { next: next[n] } }));
    await collect(pages(call, spec, {}));
    expect(inputs.map((i) => i['cursor'])).toEqual([undefined, 7, 2n ** 64n]);
  });

  it('reads the cursor from own properties only', async () => {
    for (const next of [['__proto__'], ['constructor'], ['toString'], ['meta', '__proto__'], ['data', 'length']]) {
      const { call, inputs } = server(() => ok({ data: [1], meta: {} }));
      await collect(pages(call, { ...spec, next }, {}));
      expect(inputs).toHaveLength(1);
    }
  });

  it('follows a cursor that a parsed body holds as an own "__proto__" key', async () => {
    const bodies = [JSON.parse('{"__proto__": "c2"}') as unknown, {}];
    const { call, inputs } = server((_, n) => ok(bodies[n]));
    await collect(pages(call, { ...spec, next: ['__proto__'] }, {}));
    expect(inputs.map((i) => i['cursor'])).toEqual([undefined, 'c2']);
    expect(Object.prototype.hasOwnProperty.call(inputs[1], 'cursor')).toBe(true);
  });
});

describe('offset pagination', () => {
  const spec: PaginationSpec = { kind: 'offset', param: 'offset', limit: 'limit', items: ['items'] };
  const rows = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const slice = (input: Input): Reply => {
    const offset = typeof input['offset'] === 'number' ? input['offset'] : 0;
    const limit = typeof input['limit'] === 'number' ? input['limit'] : 2;
    return ok({ items: rows.slice(offset, offset + limit) });
  };

  it('advances the offset by the items of each page and stops at a short page', async () => {
    const { call, inputs } = server(slice);
    const results = await collect(pages(call, spec, { limit: 3 }));
    expect(inputs).toEqual([{ limit: 3 }, { limit: 3, offset: 3 }, { limit: 3, offset: 6 }]);
    expect(dataOf(results)).toEqual([{ items: ['a', 'b', 'c'] }, { items: ['d', 'e', 'f'] }, { items: ['g'] }]);
  });

  it("starts from the input's offset", async () => {
    const { call, inputs } = server(slice);
    await collect(pages(call, spec, { limit: 2, offset: 1 }));
    expect(inputs.map((i) => i['offset'])).toEqual([1, 3, 5, 7]);
  });

  it('stops at an empty page when no limit is known', async () => {
    const { call, inputs } = server(slice);
    await collect(pages(call, { kind: 'offset', param: 'offset', items: ['items'] }, {}));
    expect(inputs.map((i) => i['offset'])).toEqual([undefined, 2, 4, 6, 7]);
  });

  it('ignores a limit input that holds no number', async () => {
    const { call, inputs } = server((input, n) => ok({ items: n < 2 ? ['x'] : [] }));
    await collect(pages(call, spec, { limit: '5' }));
    expect(inputs.map((i) => i['offset'])).toEqual([undefined, 1, 2]);
  });

  it('stops at a page whose body has no array at the items path', async () => {
    const { call, inputs } = server(() => ok({ items: 'nope' }));
    await collect(pages(call, spec, {}));
    expect(inputs).toHaveLength(1);
  });

  it('cannot advance an offset that is no number, so the first page is the last', async () => {
    const { call, inputs } = server(() => ok({ items: ['x', 'y'] }));
    await collect(pages(call, spec, { offset: '10' }));
    expect(inputs).toEqual([{ offset: '10' }]);
  });

  it('pages over a body that is itself the array', async () => {
    const { call, inputs } = server((input) => ok(rows.slice(Number(input['offset'] ?? 0), Number(input['offset'] ?? 0) + 4)));
    const all = await collect(items(call, { kind: 'offset', param: 'offset', limit: 'limit', items: [] }, { limit: 4 }));
    expect(dataOf(all)).toEqual(rows);
    expect(inputs.map((i) => i['offset'])).toEqual([undefined, 4]);
  });
});

describe('page-number pagination', () => {
  const spec: PaginationSpec = { kind: 'page', param: 'page', limit: 'per_page', items: ['results'] };
  const book = [['a', 'b'], ['c', 'd'], ['e']];

  it('counts pages from 1 by default and stops at a short page', async () => {
    const { call, inputs } = server((input) => ok({ results: book[Number(input['page'] ?? 1) - 1] ?? [] }));
    const results = await collect(pages(call, spec, { per_page: 2 }));
    expect(inputs).toEqual([{ per_page: 2 }, { per_page: 2, page: 2 }, { per_page: 2, page: 3 }]);
    expect(results).toHaveLength(3);
  });

  it('counts from the spec start when the input has no page', async () => {
    const { call, inputs } = server((input) => ok({ results: book[Number(input['page'] ?? 0)] ?? [] }));
    await collect(pages(call, { ...spec, start: 0 }, { per_page: 2 }));
    expect(inputs.map((i) => i['page'])).toEqual([undefined, 1, 2]);
  });

  it("counts from the input's page", async () => {
    const { call, inputs } = server((_, n) => ok({ results: n < 3 ? ['x'] : [] }));
    await collect(pages(call, { kind: 'page', param: 'page', items: ['results'] }, { page: 5 }));
    expect(inputs.map((i) => i['page'])).toEqual([5, 6, 7, 8]);
  });

  it('stops at an empty page', async () => {
    const { call, inputs } = server(() => ok({ results: [] }));
    await collect(pages(call, spec, { per_page: 2 }));
    expect(inputs).toHaveLength(1);
  });
});

describe('link pagination', () => {
  const spec: PaginationSpec = { kind: 'link', items: ['items'], within: nextPageUrl };
  const linked = (links: readonly (string | undefined)[]) =>
    server((_, n) => {
      const link = links[n];
      return ok({ items: [n] }, link === undefined ? {} : { link });
    });

  it('passes the rel="next" URL under PAGE_URL, resolving relative ones against the page they came from', async () => {
    const { call, inputs } = linked([
      '<https://api.test/v1/items?page=1>; rel="prev", <https://api.test/v1/items?page=2>; rel="next"',
      '</v1/items?page=3>; rel="next"',
      '<items?page=4>; rel="last next"',
      undefined,
    ]);
    const results = await collect(pages(call, spec, { q: 'x' }));
    expect(results).toHaveLength(4);
    expect(inputs).toEqual([
      { q: 'x' },
      { q: 'x', [PAGE_URL]: 'https://api.test/v1/items?page=2' },
      { q: 'x', [PAGE_URL]: 'https://api.test/v1/items?page=3' },
      { q: 'x', [PAGE_URL]: 'https://api.test/v1/items?page=4' },
    ]);
  });

  it('does not follow a relative link from the first page, whose URL it does not know', async () => {
    const { call, inputs } = linked(['</v1/items?page=2>; rel="next"']);
    await collect(pages(call, spec, {}));
    expect(inputs).toHaveLength(1);
  });

  it("resolves the first page's relative link against the input's own PAGE_URL", async () => {
    const { call, inputs } = linked(['<?page=2>; rel=next']);
    await collect(pages(call, spec, { [PAGE_URL]: 'https://api.test/items?page=1' }));
    expect(inputs.map((i) => i[PAGE_URL])).toEqual(['https://api.test/items?page=1', 'https://api.test/items?page=2']);
  });

  it('stops when the next link repeats a URL already fetched', async () => {
    const { call, inputs } = linked(['<https://a.test/2>; rel=next', '<https://a.test/3>; rel=next', '<https://a.test/2>; rel=next', '<https://a.test/4>; rel=next']);
    await collect(pages(call, spec, {}));
    expect(inputs.map((i) => i[PAGE_URL])).toEqual([undefined, 'https://a.test/2', 'https://a.test/3']);
  });

  it('stops at a link to itself, also one that differs only in its fragment', async () => {
    const { call, inputs } = linked(['<https://a.test/2>; rel=next', '<https://a.test/2#again>; rel=next']);
    await collect(pages(call, spec, {}));
    expect(inputs).toHaveLength(2);
  });

  it.each([['no link header'], ['<https://a.test/2>; rel=prev'], ['<ftp://a.test/2>; rel=next'], ['<javascript:alert(1)>; rel=next'], ['<https:///no-host>; rel=next'], ['garbage']])('stops at %s', async (header) => {
    const { call, inputs } = linked([header === 'no link header' ? undefined : header, '<https://a.test/3>; rel=next']);
    await collect(pages(call, spec, {}));
    expect(inputs).toHaveLength(1);
  });

  // RFC 3986 section 5.4, with the fragment dropped; undefined: not followed (not http, or the base itself).
  const base = 'http://a/b/c/d;p?q';
  it.each([
    ['g:h', undefined],
    ['g', 'http://a/b/c/g'],
    ['./g', 'http://a/b/c/g'],
    ['g/', 'http://a/b/c/g/'],
    ['/g', 'http://a/g'],
    ['//g', 'http://g'],
    ['?y', 'http://a/b/c/d;p?y'],
    ['g?y', 'http://a/b/c/g?y'],
    ['#s', undefined],
    ['g#s', 'http://a/b/c/g'],
    ['g?y#s', 'http://a/b/c/g?y'],
    [';x', 'http://a/b/c/;x'],
    ['g;x', 'http://a/b/c/g;x'],
    ['g;x?y#s', 'http://a/b/c/g;x?y'],
    ['', undefined],
    ['.', 'http://a/b/c/'],
    ['./', 'http://a/b/c/'],
    ['..', 'http://a/b/'],
    ['../', 'http://a/b/'],
    ['../g', 'http://a/b/g'],
    ['../..', 'http://a/'],
    ['../../', 'http://a/'],
    ['../../g', 'http://a/g'],
    ['../../../g', 'http://a/g'],
    ['../../../../g', 'http://a/g'],
    ['/./g', 'http://a/g'],
    ['/../g', 'http://a/g'],
    ['g.', 'http://a/b/c/g.'],
    ['.g', 'http://a/b/c/.g'],
    ['g..', 'http://a/b/c/g..'],
    ['..g', 'http://a/b/c/..g'],
    ['./../g', 'http://a/b/g'],
    ['./g/.', 'http://a/b/c/g/'],
    ['g/./h', 'http://a/b/c/g/h'],
    ['g/../h', 'http://a/b/c/h'],
    ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
    ['g;x=1/../y', 'http://a/b/c/y'],
    ['g?y/./x', 'http://a/b/c/g?y/./x'],
    ['g?y/../x', 'http://a/b/c/g?y/../x'],
    ['g#s/./x', 'http://a/b/c/g'],
    ['g#s/../x', 'http://a/b/c/g'],
    ['http:g', undefined],
    ['HTTPS://b/x/../y', 'HTTPS://b/y'],
  ])('resolves <%s> against the RFC 3986 base to %s', async (reference, expected) => {
    const { call, inputs } = linked([`<${reference}>; rel=next`]);
    await collect(pages(call, spec, { [PAGE_URL]: base }));
    expect(inputs[1]?.[PAGE_URL]).toBe(expected);
  });
});

describe('bounds', () => {
  const spec: PaginationSpec = { kind: 'page', param: 'page', items: ['items'] };
  const endless = () => server(() => ok({ items: [1] }));

  it('makes exactly maxPages requests, then ends with a page_limit error holding the next input', async () => {
    const { call, inputs } = endless();
    const results = await collect(pages(call, spec, { q: 'x' }, { maxPages: 2 }, 'api'));
    expect(inputs).toHaveLength(2);
    expect(results).toHaveLength(3);
    expect(results.slice(0, 2).every((r) => r.ok)).toBe(true);
    const last = results[2];
    if (last === undefined || last.ok) throw new Error('expected the page limit');
    const error = last.error as PageLimitError;
    expect(error).toMatchObject({ host: 'api', status: 0, shape: 'client', code: 'page_limit', category: 'page_limit', retryable: false, known: true });
    expect(error.message).toContain('2 pages');
    expect(error.next).toEqual({ q: 'x', page: 3 });
  });

  it(`makes at most DEFAULT_MAX_PAGES (${DEFAULT_MAX_PAGES}) requests by default, the items followed by the page limit`, async () => {
    const { call, inputs } = endless();
    const results = await collect(items(call, spec, {}));
    expect(inputs).toHaveLength(DEFAULT_MAX_PAGES);
    expect(results).toHaveLength(DEFAULT_MAX_PAGES + 1);
    expect(results[DEFAULT_MAX_PAGES]).toMatchObject({ ok: false, error: { code: 'page_limit', next: { page: DEFAULT_MAX_PAGES + 1 } } });
  });

  it('ends without an error when the page at maxPages is the last', async () => {
    const { call, inputs } = server((input) => ok({ items: input['page'] === 2 ? [] : [1] }));
    const results = await collect(pages(call, spec, {}, { maxPages: 2 }));
    expect(inputs).toHaveLength(2);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('reads on from where the limit stopped when given its next input', async () => {
    const { call, inputs } = endless();
    const first = await collect(pages(call, spec, {}, { maxPages: 2 }));
    const limit = first[2];
    if (limit === undefined || limit.ok) throw new Error('expected the page limit');
    await collect(pages(call, spec, (limit.error as PageLimitError<object>).next, { maxPages: 1 }));
    expect(inputs.map((i) => i['page'])).toEqual([undefined, 2, 3]);
  });

  it("gives a Link walk's next URL, in the next input and as url", async () => {
    const link: PaginationSpec = { kind: 'link', items: [], within: nextPageUrl };
    const { call } = server((_, n) => ok([n], { link: `<https://api.test/items?page=${n + 2}>; rel="next"` }));
    const results = await collect(pages(call, link, { [PAGE_URL]: 'https://api.test/items' }, { maxPages: 1 }));
    const limit = results[1];
    if (limit === undefined || limit.ok) throw new Error('expected the page limit');
    const error = limit.error as PageLimitError<Input>;
    expect(error.url).toBe('https://api.test/items?page=2');
    expect(error.next[PAGE_URL]).toBe('https://api.test/items?page=2');
  });

  // The input may hold the call's secrets (its headers), and a Link URL is the server's text: a logged error shows neither.
  it('shows neither the next input nor the next URL when the error is logged or serialised', async () => {
    const link: PaginationSpec = { kind: 'link', items: [], within: nextPageUrl };
    const { call } = server(() => ok([1], { link: '<https://api.test/items?token=from-the-server>; rel="next"' }));
    const input = { headers: { authorization: 'Bearer secret-of-the-caller' }, [PAGE_URL]: 'https://api.test/items' };
    const results = await collect(pages(call, link, input, { maxPages: 1 }));
    const limit = results[1];
    if (limit === undefined || limit.ok) throw new Error('expected the page limit');
    const error = limit.error as PageLimitError<Input>;
    expect(error.next['headers']).toEqual(input.headers);
    for (const shown of [JSON.stringify(error), inspect(error, { depth: 10 }), JSON.stringify({ ...error })]) {
      expect(shown).toContain('page_limit');
      expect(shown).not.toContain('secret-of-the-caller');
      expect(shown).not.toContain('from-the-server');
    }
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws a RangeError at once for maxPages %s', (maxPages) => {
    const { call, inputs } = endless();
    expect(() => pages(call, spec, {}, { maxPages })).toThrow(RangeError);
    expect(() => items(call, spec, {}, { maxPages })).toThrow(RangeError);
    expect(inputs).toHaveLength(0);
  });
});

describe('cancellation', () => {
  const spec: PaginationSpec = { kind: 'cursor', param: 'cursor', next: ['next'], items: ['items'] };
  const endless = () => server((_, n) => ok({ items: [n], next: `c${n + 1}` }));

  it('makes no request when the signal is already aborted: a canceled result of the host given', async () => {
    const controller = new AbortController();
    controller.abort();
    const { call, inputs } = endless();
    expect(await collect(pages(call, spec, {}, { signal: controller.signal }, 'api'))).toMatchObject([{ ok: false, error: { code: 'canceled', host: 'api' } }]);
    expect(await collect(pages(call, spec, {}, { signal: controller.signal }))).toMatchObject([{ ok: false, error: { code: 'canceled', host: '' } }]);
    expect(await collect(items(call, spec, {}, { signal: controller.signal }, 'api'))).toMatchObject([{ ok: false, error: { code: 'canceled', category: 'canceled' } }]);
    expect(inputs).toHaveLength(0);
  });

  it('makes no further request once aborted between pages', async () => {
    const controller = new AbortController();
    const { call, inputs } = endless();
    const seen: Reply[] = [];
    for await (const page of pages(call, spec, {}, { signal: controller.signal }, 'api')) {
      seen.push(page);
      if (seen.length === 2) controller.abort();
    }
    expect(inputs).toHaveLength(2);
    expect(seen[2]).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(seen).toHaveLength(3);
  });

  it("honours the input's own signal", async () => {
    const controller = new AbortController();
    const { call, inputs } = endless();
    const seen: Reply[] = [];
    for await (const item of items(call, spec, { signal: controller.signal })) {
      seen.push(item);
      controller.abort();
    }
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.['signal']).toBe(controller.signal);
    expect(seen).toMatchObject([{ ok: true }, { ok: false, error: { code: 'canceled' } }]);
  });

  it('passes the signal to the call, which cancels an in-flight request and ends the iteration with its error', async () => {
    const controller = new AbortController();
    const { call, inputs } = server((input, n) => {
      if (n === 0) return ok({ items: [0], next: 'c1' });
      const signal = input['signal'] as AbortSignal;
      return new Promise<Reply>((resolve) => signal.addEventListener('abort', () => resolve(fail('canceled'))));
    });
    const iterator = pages(call, spec, { q: 1 }, { signal: controller.signal }, 'api');
    expect((await iterator.next()).value).toMatchObject({ ok: true });
    const second = iterator.next();
    await Promise.resolve();
    controller.abort();
    expect(await second).toEqual({ done: false, value: { ok: false, error: { code: 'canceled' } } });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(inputs.map((i) => i['signal'])).toEqual([controller.signal, controller.signal]);
  });

  it("passes the options' signal in place of the input's, and stops on either", async () => {
    const mine = new AbortController();
    const theirs = new AbortController();
    const { call, inputs } = endless();
    const seen: Reply[] = [];
    for await (const page of pages(call, spec, { signal: theirs.signal }, { signal: mine.signal }, 'api')) {
      seen.push(page);
      theirs.abort();
    }
    expect(inputs.map((i) => i['signal'])).toEqual([mine.signal]);
    expect(seen).toMatchObject([{ ok: true }, { ok: false, error: { code: 'canceled' } }]);
  });

  it('adds no signal key when there is no signal', async () => {
    const { call, inputs } = endless();
    await collect(pages(call, spec, {}, { maxPages: 1 }));
    expect(Object.keys(inputs[0] ?? { x: 1 })).toEqual([]);
  });
});

describe('errors and early exits', () => {
  const spec: PaginationSpec = { kind: 'cursor', param: 'cursor', next: ['next'], items: ['items'] };
  const failingSecond = () => server((_, n) => (n === 1 ? fail('rate_limited') : ok({ items: ['a', 'b'], next: `c${n + 1}` })));

  it('yields a failed page as the last result, after the pages before it', async () => {
    const { call, inputs } = failingSecond();
    const results = await collect(pages(call, spec, {}));
    expect(results).toEqual([ok({ items: ['a', 'b'], next: 'c1' }), fail('rate_limited')]);
    expect(inputs).toHaveLength(2);
  });

  it('yields the error after the items before it', async () => {
    const { call, inputs } = failingSecond();
    expect(dataOf(await collect(items(call, spec, {})))).toEqual(['a', 'b', { code: 'rate_limited' }]);
    expect(inputs).toHaveLength(2);
  });

  it('makes no further request after a break', async () => {
    const { call, inputs } = server((_, n) => ok({ items: ['a', 'b', 'c'], next: `c${n + 1}` }));
    for await (const page of pages(call, spec, {})) {
      expect(page.ok).toBe(true);
      break;
    }
    for await (const item of items(call, spec, {})) {
      expect(item).toMatchObject({ ok: true, data: 'a' });
      break;
    }
    expect(inputs).toHaveLength(2);
  });

  it('makes no further request after return()', async () => {
    const { call, inputs } = server((_, n) => ok({ items: [n], next: `c${n + 1}` }));
    const iterator = items(call, spec, {});
    await iterator.next();
    await iterator.return?.();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(inputs).toHaveLength(1);
  });

  it('leaves the input object as it was', async () => {
    const input = { q: 'x', cursor: undefined };
    const { call } = server((_, n) => ok({ items: [n], next: n < 2 ? `c${n + 1}` : null }));
    await collect(pages(call, spec, input));
    expect(input).toEqual({ q: 'x', cursor: undefined });
  });
});

describe('items', () => {
  const spec: PaginationSpec = { kind: 'cursor', param: 'cursor', next: ['next'], items: ['data', 'rows'] };
  const book = [
    { data: { rows: [1, 2] }, next: 'b' },
    { data: { rows: [] }, next: 'c' },
    { data: { rows: [3] }, next: 'd' },
    { data: { rows: [4, 5] } },
  ];

  it('yields the items of every page in order, each with its page response', async () => {
    const { call } = server((_, n) => ok(book[n], { 'x-page': String(n) }, 200 + n));
    const all = await collect(items(call, spec, {}));
    expect(dataOf(all)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((r) => (r.ok ? r.response.status : 0))).toEqual([200, 200, 202, 203, 203]);
    expect(all[2]).toEqual({ ok: true, data: 3, status: 202, response: { status: 202, headers: { 'x-page': '2' } } });
  });

  it('ends at a page without an array at the items path, making no further request', async () => {
    const { call, inputs } = server((_, n) => ok(n === 0 ? book[0] : { data: { rows: { length: 2 } }, next: 'z' }));
    expect(dataOf(await collect(items(call, spec, {})))).toEqual([1, 2]);
    expect(inputs).toHaveLength(2);
  });

  it('reads the items from own properties only', async () => {
    const { call } = server(() => ok({}));
    expect(await collect(items(call, { kind: 'link', items: ['__proto__'], within: nextPageUrl }, {}))).toEqual([]);
    expect(await collect(items(call, { kind: 'link', items: ['constructor', 'keys'], within: nextPageUrl }, {}))).toEqual([]);
  });
});

describe('parseLinkHeader', () => {
  it('reads several links, in order', () => {
    const header = '<https://api.github.com/r?page=2>; rel="next", <https://api.github.com/r?page=5>; rel="last", <https://api.github.com/r?page=1>; rel="first"';
    expect(parseLinkHeader(header)).toEqual([
      { rel: 'next', url: 'https://api.github.com/r?page=2' },
      { rel: 'last', url: 'https://api.github.com/r?page=5' },
      { rel: 'first', url: 'https://api.github.com/r?page=1' },
    ]);
  });

  it('keeps commas and semicolons inside quoted values and URIs', () => {
    const header = '<https://a.test/1?ids=1,2;3>; title="a, b; c"; rel="next", <https://a.test/0>; title="x\\", y"; rel=prev';
    expect(parseLinkHeader(header)).toEqual([
      { rel: 'next', url: 'https://a.test/1?ids=1,2;3' },
      { rel: 'prev', url: 'https://a.test/0' },
    ]);
  });

  it('makes an entry of every relation type, lower-cased', () => {
    expect(parseLinkHeader('<https://a.test/9>; REL="Next  LAST\tself"')).toEqual([
      { rel: 'next', url: 'https://a.test/9' },
      { rel: 'last', url: 'https://a.test/9' },
      { rel: 'self', url: 'https://a.test/9' },
    ]);
  });

  it('undoes backslash escapes in quoted values', () => {
    expect(parseLinkHeader('<x>; rel="ne\\xt"')).toEqual([{ rel: 'next', url: 'x' }]);
  });

  it('ignores a rel after the first and links without one', () => {
    expect(parseLinkHeader('<a>; rel=next; rel=prev, <b>; title=t, <c>')).toEqual([{ rel: 'next', url: 'a' }]);
  });

  it('tolerates whitespace, empty list elements and empty parameters', () => {
    expect(parseLinkHeader(' ,, <a> ;rel = next ; , \t<b>;;rel="prev";,')).toEqual([
      { rel: 'next', url: 'a' },
      { rel: 'prev', url: 'b' },
    ]);
  });

  it.each([
    '',
    'garbage',
    '<unterminated; rel=next',
    'https://a.test/2; rel=next',
    '<a> rel=next',
    '<a>; rel="unterminated',
    '<a>; rel=next junk',
    '<a>; rel=next prev',
    '<a>; =next',
    '<a>; rel=',
    '<a b>; rel=next',
    ';;;,,,',
    '<<>>',
    '"<a>; rel=next"',
  ])('ignores the malformed %j', (header) => {
    expect(parseLinkHeader(header)).toEqual([]);
  });

  it('still reads the good entries around malformed ones', () => {
    expect(parseLinkHeader('garbage, <a>; rel=next junk, <https://x.test/2>; rel="next"')).toEqual([{ rel: 'next', url: 'https://x.test/2' }]);
    expect(parseLinkHeader('<a, <https://x.test/2>; rel=next')).toEqual([{ rel: 'next', url: 'https://x.test/2' }]);
    expect(parseLinkHeader('<a>; title="x, <b>; rel=next", <c>; rel=prev')).toEqual([{ rel: 'prev', url: 'c' }]);
  });

  it('reads only the first 64 KiB, dropping the entry cut off there', () => {
    const entry = (i: number): string => `<https://a.test/${i}>; rel="item"`;
    const many = Array.from({ length: 5000 }, (_, i) => entry(i)).join(', ');
    const links = parseLinkHeader(many);
    expect(links.length).toBeGreaterThan(1000);
    expect(links.length).toBeLessThan(5000);
    expect(links.every((l, i) => l.url === `https://a.test/${i}` && l.rel === 'item')).toBe(true);
    expect(parseLinkHeader(`<https://a.test/>; rel=${'n'.repeat(70_000)}`)).toEqual([]);
    expect(parseLinkHeader(`<https://a.test/>; rel=next`)).toHaveLength(1);
  });

  it('takes linear time on hostile input', () => {
    const hostile = ['<'.repeat(1e6), '"'.repeat(1e6), '<a,'.repeat(3e5), ',<'.repeat(5e5), '<a>; rel="x",'.repeat(1e5), '<a>;'.repeat(3e5), `<a>; t="${'\\'.repeat(1e6)}`, ' '.repeat(1e6), '<a, b'.repeat(2e5)];
    const started = performance.now();
    for (const header of hostile) parseLinkHeader(header);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
