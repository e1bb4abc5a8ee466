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
