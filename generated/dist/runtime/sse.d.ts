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
/**
 * A parser feeding `sink`; one per connection (a reconnection keeps only the last event ID).
 * `limit`: the most UTF-16 units a line or an event's data may hold, so a server that never ends a
 * line cannot make the client buffer without bound.
 */
export declare function sseParser(sink: SseSink, limit: number, lastEventId?: string): SseParser;
