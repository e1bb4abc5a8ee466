import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sseParser, type SseEvent } from './sse.js';

interface Read {
  events: SseEvent[];
  retries: number[];
  tooLarge: number;
}

function parse(pieces: readonly string[], limit = 1 << 20, lastEventId = ''): Read {
  const read: Read = { events: [], retries: [], tooLarge: 0 };
  const parser = sseParser({ event: (e) => read.events.push(e), retry: (ms) => read.retries.push(ms), tooLarge: () => read.tooLarge++ }, limit, lastEventId);
  for (const piece of pieces) parser.feed(piece);
  return read;
}

const event = (data: string, type = 'message', id = ''): SseEvent => ({ event: type, data, id });

describe('SSE fields (WHATWG HTML, interpreting an event stream)', () => {
  it('joins data lines with LF and dispatches on a blank line', () => {
    expect(parse(['data: a\ndata: b\n\n']).events).toEqual([event('a\nb')]);
  });
  it('names the event, keeps the id across events, resets the type', () => {
    const read = parse(['event: delta\nid: 7\ndata: x\n\ndata: y\n\n']);
    expect(read.events).toEqual([event('x', 'delta', '7'), event('y', 'message', '7')]);
  });
  it('removes one leading space only, and a field without a colon has an empty value', () => {
    expect(parse(['data:  two\n\ndata\n\ndata:\n\n']).events).toEqual([event(' two'), event(''), event('')]);
  });
  it('ignores comments, unknown fields, an id holding NUL and a retry that is not digits', () => {
    const read = parse([': keep-alive\nfoo: bar\nid: 1\nid: a\0b\nretry: 1.5\nretry: 3000\ndata: d\n\n']);
    expect(read.events).toEqual([event('d', 'message', '1')]);
    expect(read.retries).toEqual([3000]);
  });
  it('dispatches no event without data, and an empty id clears the last one', () => {
    expect(parse(['event: x\nid: 5\n\nid\ndata: z\n\n']).events).toEqual([event('z', 'message', '')]);
  });
  it('discards what is pending when the stream ends', () => {
    expect(parse(['data: a\n\ndata: b\n']).events).toEqual([event('a')]);
  });
  it('starts from the last event ID of a previous connection', () => {
    expect(parse(['data: a\n\n'], 1 << 20, '41').events).toEqual([event('a', 'message', '41')]);
  });
  it('treats a field name by its exact letters', () => {
    expect(parse(['Data: a\ndata : b\ndata: c\n\n']).events).toEqual([event('c')]);
  });
});

describe('SSE line ends', () => {
  for (const [name, end] of [['LF', '\n'], ['CR', '\r'], ['CRLF', '\r\n']] as const)
    it(`reads ${name}`, () => {
      expect(parse([`event: e${end}data: a${end}data: b${end}${end}`]).events).toEqual([event('a\nb', 'e')]);
    });
  it('reads them mixed, and CR CR as two line ends', () => {
    expect(parse(['data: a\r\ndata: b\rdata: c\n\r']).events).toEqual([event('a\nb\nc')]);
  });
});

const SAMPLE = ': hello\r\nretry: 250\nevent: delta\r\nid: 1\ndata: {"text":"é ✓"}\r\rdata: line one\ndata: line two\r\n\r\nevent: done\ndata\n\n';

describe('SSE split anywhere', () => {
  const whole = parse([SAMPLE]);
  it('reads the sample', () => {
    expect(whole.events).toEqual([event('{"text":"é ✓"}', 'delta', '1'), event('line one\nline two', 'message', '1'), event('', 'done', '1')]);
    expect(whole.retries).toEqual([250]);
  });
  it('reads the same when split at any one offset', () => {
    for (let i = 0; i <= SAMPLE.length; i++) expect(parse([SAMPLE.slice(0, i), SAMPLE.slice(i)]), `split at ${i}`).toEqual(whole);
  });
  it('reads the same when split at any two offsets', () => {
    for (let i = 0; i <= SAMPLE.length; i++)
      for (let j = i; j <= SAMPLE.length; j++) expect(parse([SAMPLE.slice(0, i), SAMPLE.slice(i, j), SAMPLE.slice(j)])).toEqual(whole);
  });
  it('reads the same one character at a time', () => {
    expect(parse([...SAMPLE])).toEqual(whole);
  });
});

describe('SSE bounds', () => {
  it('stops at a line longer than the limit, however it is split', () => {
    const long = `data: ${'x'.repeat(100)}`;
    expect(parse([long], 50)).toEqual({ events: [], retries: [], tooLarge: 1 });
    expect(parse([...long], 50).tooLarge).toBe(1);
  });
  it('stops at data accumulated past the limit', () => {
    expect(parse(['data: 0123456789\n'.repeat(10)], 60).tooLarge).toBe(1);
  });
  it('reads a line of a million pieces in linear time', () => {
    const started = performance.now();
    const read = parse([...Array.from({ length: 1_000_000 }, () => 'x'), '\n'], 2_000_000);
    expect(read.tooLarge).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

/**
 * The slow reference: the standard's steps read literally over the whole text (lines split by one
 * regular expression, the data buffer with its trailing LF, the field split at the first colon). The
 * parser's accelerators (names matched by char codes, the CR search once per chunk, a data line
 * followed by a blank line dispatched at once, a long data line's pieces concatenated instead of
 * joined) must give exactly its events however the text is split.
 */
function reference(text: string, lastEventId = ''): Omit<Read, 'tooLarge'> {
  const read: Omit<Read, 'tooLarge'> = { events: [], retries: [] };
  let data = '';
  let type = '';
  let id = lastEventId;
  const lines = text.split(/\r\n|\r|\n/);
  lines.pop(); // what follows the last line end is not a line yet
  for (const line of lines) {
    if (line === '') {
      if (data !== '') read.events.push(event(data.slice(0, -1), type === '' ? 'message' : type, id));
      data = '';
      type = '';
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') type = value;
    else if (name === 'data') data += `${value}\n`;
    else if (name === 'id') {
      if (!value.includes('\0')) id = value;
    } else if (name === 'retry' && /^[0-9]+$/.test(value)) read.retries.push(Number(value));
  }
  return read;
}

/** `text` cut into pieces of the given sizes, used in turn. */
function cutBy(text: string, sizes: readonly number[]): string[] {
  const pieces: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}

// Besides the fields, names one letter off theirs (a prefix, a suffix, a letter more before or after).
const NAME = fc.constantFrom('data', 'data', 'data', 'event', 'id', 'retry', 'Data', 'dat', 'data ', 'ddata', 'datax', 'ev', 'eevent', 'eventx', 'xid', 'idx', 'i', 'retr', 'foo', '');
const VALUE = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom('a', ' ', ':', 'é', '✓', '𝄞', '\0', '7', 'data:', 'id', '{"k":1}'), { maxLength: 6 }).map((parts) => parts.join('')) },
  // Past the length from which a data line left unfinished is concatenated from its pieces.
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1000, max: 3000 }), fc.constantFrom('x', 'é', '✓')).map(([n, c]) => c.repeat(n)) },
);
const FIELD_LINE = fc.tuple(NAME, fc.constantFrom(':', ': ', ':  ', ''), VALUE).map(([name, colon, value]) => (colon === '' ? name : `${name}${colon}${value}`));
const LINE = fc.oneof({ weight: 5, arbitrary: FIELD_LINE }, { weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(': comment', ':', 'retry: 250', 'retry: 2x', 'id: a\0b') });
const STREAM = fc
  .tuple(fc.array(fc.tuple(LINE, fc.constantFrom('\n', '\r', '\r\n')), { maxLength: 30 }), fc.constantFrom('', 'data: unfinished', '\r'))
  .map(([lines, tail]) => lines.map(([line, end]) => line + end).join('') + tail);
const SIZES = fc.oneof(fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 3 }));

describe('SSE accelerators against the reference', () => {
  it('read every stream as the reference does, however it is split, whatever its line ends', () => {
    fc.assert(
      fc.property(STREAM, SIZES, fc.constantFrom('', '9'), (text, sizes, lastEventId) => {
        const expected = { ...reference(text, lastEventId), tooLarge: 0 };
        expect(parse([text], 1 << 20, lastEventId)).toEqual(expected);
        expect(parse(cutBy(text, sizes), 1 << 20, lastEventId)).toEqual(expected);
      }),
      { numRuns: 600 },
    );
  });
  it('read an LLM-like stream split at random sizes the same, with LF, CR or CRLF', () => {
    const lines = Array.from({ length: 200 }, (_, i) => [`event: content_block_delta`, `data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"tök ${i} ✓"}}`, '']).flat();
    for (const end of ['\n', '\r', '\r\n']) {
      const text = lines.map((line) => line + end).join('');
      const expected = { ...reference(text), tooLarge: 0 };
      expect(expected.events).toHaveLength(200);
      fc.assert(
        fc.property(SIZES, (sizes) => {
          expect(parse(cutBy(text, sizes))).toEqual(expected);
        }),
        { numRuns: 50 },
      );
    }
  });
});

describe('SSE long data lines in pieces', () => {
  const long = 'x'.repeat(3000);
  it('concatenates a long data line from its pieces, one leading space removed, wherever the pieces end', () => {
    for (const head of ['data:', 'data: ', 'data:  ', 'data:x', 'd', 'da', 'dat', 'data'])
      for (const sizes of [[head.length, 10, 2000], [head.length + 1000, 7], [head.length, 40], [1]]) {
        const text = `${head}${long}\ndata: end\n\n`;
        expect(parse(cutBy(text, sizes)), `${JSON.stringify(head)} ${sizes.join(',')}`).toEqual({ ...reference(text), tooLarge: 0 });
      }
  });
  it('reads a long line of another field, and many tiny pieces, the same', () => {
    const text = `event: ${long}\nid: ${long}\ndata: ${long}\r\n\r`;
    for (const sizes of [[1], [3], [700], [1500, 1]]) expect(parse(cutBy(text, sizes))).toEqual({ ...reference(text), tooLarge: 0 });
  });
  it('stops at a long data line past the limit, concatenated or joined', () => {
    for (const sizes of [[100], [1]]) expect(parse(cutBy(`data: ${long}\n\n`, sizes), 2000).tooLarge).toBe(1);
  });
});
