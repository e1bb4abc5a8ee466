/**
 * Server-sent events exactly as the WHATWG HTML standard parses an event stream ("Parsing an event
 * stream", "Interpreting an event stream"): lines end in CRLF, LF or CR (a CR at the end of one
 * chunk and an LF at the start of the next are one line end); a line starting with a colon is a
 * comment; a field's value loses one leading space; `data` lines accumulate joined by LF; `id` is
 * kept across events unless it holds a NUL; `retry` counts only when it is ASCII digits; a blank
 * line dispatches, and an event without data is not dispatched; what is pending when the stream
 * ends is discarded. Text comes in decoded (a streaming TextDecoder, which drops the leading BOM
 * and keeps a UTF-8 sequence split across chunks whole).
 *
 * It is on the hot path of every streamed call (issue 34: at least eventsource-parser's
 * throughput on the same stream, bench/ measure `sse`), so it does as little per line as the
 * standard allows: CR and LF are each searched for once per occurrence; `data`, `event` and `id`
 * are recognised by char codes in place, no string made for a name; a value is one slice of the
 * chunk; a data line followed at once by a blank line is dispatched as it is read; a line split
 * across chunks is joined once when it ends, a long data line concatenated from its pieces
 * instead. Each of these is held to a literal reading of the standard, over random streams split
 * at random, by templates/sse.test.ts. (A loop of its own for chunks without CR, as
 * eventsource-parser has, measured no faster than the one loop here.)
 */

/** One dispatched event: its type (`message` unless named), its data, and the last event ID. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string;
}

/** Where the parser hands what it reads. */
export interface SseSink {
  event(event: SseEvent): void;
  /** A `retry` field: the reconnection time the server asks for, in milliseconds. */
  retry(ms: number): void;
  /** A line or an event's data grew past the parser's limit: the stream is not read further. */
  tooLarge(): void;
}

export interface SseParser {
  /** Parses a piece of decoded text; pieces may split anywhere, even inside a line end. */
  feed(text: string): void;
}

const LF = 10;
const SPACE = 32;
const COLON = 58;

/**
 * A data line left unfinished by at least this many UTF-16 units at a chunk's end is concatenated
 * from its pieces when it ends (a rope: no copy; the reader of the data flattens it once, as it
 * must flatten the LF-joined lines of any multi-line data), not joined: joining copied every long
 * line once more, which held 64 KiB events to 1.2× eventsource-parser's rate (3–4× as ropes). A
 * shorter one is joined: the copy is cheap and the event's data stays flat.
 */
const ROPE_MIN = 1024;
/** Past this many pieces the line is joined whatever its length: a rope of many tiny pieces costs more memory than its text. */
const ROPE_MAX_PIECES = 64;

/*
 * The field names are matched by char codes where the line starts (d 100, a 97, t 116, e 101,
 * v 118, n 110, i 105). A match never runs past its line: the character after a line is its line
 * end (CR or LF: no name's letter nor a colon) or past the text (NaN).
 */
const isData = (text: string, at: number): boolean =>
  text.charCodeAt(at) === 100 && text.charCodeAt(at + 1) === 97 && text.charCodeAt(at + 2) === 116 && text.charCodeAt(at + 3) === 97 && text.charCodeAt(at + 4) === COLON;
const isEvent = (text: string, at: number): boolean =>
  text.charCodeAt(at) === 101 &&
  text.charCodeAt(at + 1) === 118 &&
  text.charCodeAt(at + 2) === 101 &&
  text.charCodeAt(at + 3) === 110 &&
  text.charCodeAt(at + 4) === 116 &&
  text.charCodeAt(at + 5) === COLON;
const isId = (text: string, at: number): boolean => text.charCodeAt(at) === 105 && text.charCodeAt(at + 1) === 100 && text.charCodeAt(at + 2) === COLON;

/** A field's value: from `start` (just after its colon) to `to`, less one leading space. */
const valueAt = (text: string, start: number, to: number): string => text.slice(text.charCodeAt(start) === SPACE ? start + 1 : start, to);

/**
 * A parser feeding `sink`; one per connection (a reconnection keeps only the last event ID).
 * `limit`: the most UTF-16 units a line or an event's data may hold, so a server that never ends a
 * line cannot make the client buffer without bound.
 */
export function sseParser(sink: SseSink, limit: number, lastEventId = ''): SseParser {
  let stopped = false;
  let afterCR = false;
  let data = '';
  let hasData = false;
  let type = '';
  let id = lastEventId;

  // The unfinished line, in the pieces it came in: joining them only when the line ends keeps a
  // long line that arrives in many small chunks linear.
  let pending: string[] = [];
  let pendingLength = 0;

  const addData = (value: string): void => {
    data = hasData ? `${data}\n${value}` : value;
    hasData = true;
  };

  const setId = (value: string): void => {
    if (!value.includes('\0')) id = value;
  };

  const dispatch = (): void => {
    if (hasData) sink.event({ event: type === '' ? 'message' : type, data, id });
    data = '';
    hasData = false;
    type = '';
  };

  /** The line text[from, to): the common fields matched in place, no string made for a name. */
  const line = (text: string, from: number, to: number): void => {
    if (from === to) return dispatch();
    if (isData(text, from)) return addData(valueAt(text, from + 5, to));
    if (isEvent(text, from)) {
      type = valueAt(text, from + 6, to);
      return;
    }
    if (isId(text, from)) return setId(valueAt(text, from + 3, to));
    if (text.charCodeAt(from) !== COLON) other(text, from, to);
  };

  /** Any other line: `retry`, a field without a colon, an unknown field. Rare, so its name is made. */
  const other = (text: string, from: number, to: number): void => {
    // The colon is looked for within the line only, so a stream of lines without one stays linear.
    let colon = from;
    while (colon < to && text.charCodeAt(colon) !== COLON) colon++;
    const name = text.slice(from, colon);
    const value = colon === to ? '' : valueAt(text, colon + 1, to);
    if (name === 'data') addData(value);
    else if (name === 'event') type = value;
    else if (name === 'id') setId(value);
    else if (name === 'retry' && /^[0-9]+$/.test(value)) sink.retry(Number(value));
  };

  /** The pending pieces as a long data line's value, without joining them (ROPE_MIN); false when they are not one. */
  const pendingData = (): boolean => {
    const first = pending[0] ?? '';
    // The first piece holds `data:` and the character after it, so the leading space is judged in it.
    if (pendingLength < ROPE_MIN || pending.length > ROPE_MAX_PIECES || first.length < 6 || !isData(first, 0)) return false;
    let value = valueAt(first, 5, first.length);
    for (let i = 1; i < pending.length; i++) value += pending[i];
    addData(value);
    return true;
  };

  return {
    feed(text) {
      if (stopped || text === '') return;
      let from = afterCR && text.charCodeAt(0) === LF ? 1 : 0;
      afterCR = false;
      // Each of CR and LF is searched for once per occurrence, not once per line: a stream with no
      // CR is scanned for one once per chunk.
      let cr = text.indexOf('\r', from);
      let lf = text.indexOf('\n', from);
      while (cr !== -1 || lf !== -1) {
        const end = cr === -1 ? lf : lf === -1 || cr < lf ? cr : lf;
        if (pendingLength === 0) {
          // The shape of nearly every event of an LLM stream, `data: …` and a blank line, both
          // ended by LF: dispatched at once, without the data buffer or a search for the blank
          // line's end (5–15% on such streams). The next CR, if any, is past the blank line.
          if (end === lf && !hasData && text.charCodeAt(lf + 1) === LF && isData(text, from)) {
            sink.event({ event: type === '' ? 'message' : type, data: valueAt(text, from + 5, lf), id });
            type = '';
            from = lf + 2;
            lf = text.indexOf('\n', from);
            continue;
          }
          line(text, from, end);
        } else {
          pending.push(text.slice(from, end));
          if (!pendingData()) {
            const whole = pending.join('');
            line(whole, 0, whole.length);
          }
          pending = [];
          pendingLength = 0;
        }
        from = end + 1;
        if (end === cr) {
          if (from === text.length) afterCR = true;
          else if (text.charCodeAt(from) === LF) from++;
          cr = text.indexOf('\r', from);
        }
        if (lf !== -1 && lf < from) lf = text.indexOf('\n', from);
      }
      if (from < text.length) {
        pending.push(text.slice(from));
        pendingLength += text.length - from;
      }
      if (pendingLength > limit || data.length > limit) {
        stopped = true;
        sink.tooLarge();
      }
    },
  };
}
