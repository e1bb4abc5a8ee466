/**
 * Server-sent events exactly as the WHATWG HTML standard parses an event stream ("Parsing an event
 * stream", "Interpreting an event stream"): lines end in CRLF, LF or CR (a CR at the end of one
 * chunk and an LF at the start of the next are one line end); a line starting with a colon is a
 * comment; a field's value loses one leading space; `data` lines accumulate joined by LF; `id` is
 * kept across events unless it holds a NUL; `retry` counts only when it is ASCII digits; a blank
 * line dispatches, and an event without data is not dispatched; what is pending when the stream
 * ends is discarded. Text comes in decoded (a streaming TextDecoder, which drops the leading BOM
 * and keeps a UTF-8 sequence split across chunks whole).
 */
const LF = 10;
const SPACE = 32;
const COLON = 58;
/**
 * A parser feeding `sink`; one per connection (a reconnection keeps only the last event ID).
 * `limit`: the most UTF-16 units a line or an event's data may hold, so a server that never ends a
 * line cannot make the client buffer without bound.
 */
export function sseParser(sink, limit, lastEventId = '') {
    let stopped = false;
    let afterCR = false;
    let data = '';
    let hasData = false;
    let type = '';
    let id = lastEventId;
    // The next colon in the text being read, found once per occurrence (-2: not searched yet).
    let colon = -2;
    /** The line text[from, to): the common fields matched in place, no string made for a name. */
    const line = (text, from, to) => {
        if (from === to)
            return dispatch();
        if (text.startsWith('data:', from))
            return field('data', valueOf(text, from + 5, to));
        if (text.startsWith('event:', from))
            return field('event', valueOf(text, from + 6, to));
        if (text.startsWith('id:', from))
            return field('id', valueOf(text, from + 3, to));
        if (text.charCodeAt(from) === COLON)
            return;
        if (colon !== -1 && colon < from)
            colon = text.indexOf(':', from);
        if (colon === -1 || colon > to)
            return field(text.slice(from, to), '');
        field(text.slice(from, colon), valueOf(text, colon + 1, to));
    };
    /** A field's value: after its colon (at `start` - 1), less one leading space. */
    const valueOf = (text, start, to) => {
        const from = start < to && text.charCodeAt(start) === SPACE ? start + 1 : start;
        return from >= to ? '' : text.slice(from, to);
    };
    const field = (name, value) => {
        if (name === 'data') {
            data = hasData ? `${data}\n${value}` : value;
            hasData = true;
        }
        else if (name === 'event')
            type = value;
        else if (name === 'id') {
            if (!value.includes('\0'))
                id = value;
        }
        else if (name === 'retry' && /^[0-9]+$/.test(value))
            sink.retry(Number(value));
    };
    const dispatch = () => {
        if (hasData)
            sink.event({ event: type === '' ? 'message' : type, data, id });
        data = '';
        hasData = false;
        type = '';
    };
    // The unfinished line, in the pieces it came in: joining them only when the line ends keeps a
    // long line that arrives in many small chunks linear.
    let pending = [];
    let pendingLength = 0;
    return {
        feed(chunk) {
            if (stopped || chunk === '')
                return;
            const text = chunk;
            let from = afterCR && text.charCodeAt(0) === LF ? 1 : 0;
            afterCR = false;
            // Each of CR, LF and the colon is searched for once per occurrence, not once per line: a
            // stream with no CR is not scanned to its end for one at every line.
            let cr = text.indexOf('\r', from);
            let lf = text.indexOf('\n', from);
            colon = -2;
            while (cr !== -1 || lf !== -1) {
                const end = cr === -1 ? lf : lf === -1 || cr < lf ? cr : lf;
                if (pendingLength === 0)
                    line(text, from, end);
                else {
                    pending.push(text.slice(from, end));
                    const whole = pending.join('');
                    const saved = colon;
                    colon = -2;
                    line(whole, 0, whole.length);
                    colon = saved;
                    pending = [];
                    pendingLength = 0;
                }
                from = end + 1;
                if (end === cr) {
                    if (from === text.length)
                        afterCR = true;
                    else if (text.charCodeAt(from) === LF)
                        from++;
                }
                if (cr !== -1 && cr < from)
                    cr = text.indexOf('\r', from);
                if (lf !== -1 && lf < from)
                    lf = text.indexOf('\n', from);
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
