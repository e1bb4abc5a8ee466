export function statusMatches(spec, status) {
    return typeof spec === 'number' ? spec === status : Math.floor(status / 100) === Number(spec[0]);
}
/** A status as an HTTP status: an integer from 0 to 999, else 0. */
export function safeStatus(status) {
    return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999 ? status : 0;
}
