/**
 * Redirects, followed by the runtime and never by a transport (fetch is asked for `redirect:
 * 'manual'`, node:http follows none), so one rule decides where a request may go, on every
 * transport alike: nothing secret ever reaches another origin.
 *
 * Everything a request carries is treated as secret but its method, the URL its Location names
 * and its Accept header: credentials of every scheme (headers, keys in the query or a cookie), the
 * caller's headers, cookies, secret parameters and fields, and the body itself. A redirect to the
 * request's own origin is followed with all of it. A redirect to another origin is followed only
 * as a new request made of those three things alone, so whatever else a request carries, or a
 * later feature adds to it, stays behind by construction; it is refused when the request is sealed
 * to its origin (the token exchange), when a body would have to go along, or when the Location
 * itself holds a secret of the client.
 */
import { isStream } from './request-body.js';
import type { Redactor } from './support.js';
import type { Received, Sent } from './transport.js';

/** Redirects followed for one call; the next one is refused. */
export const MAX_REDIRECTS = 5;

/** A redirect not followed: why, and the Location it named (undefined when none could be read). */
export interface Refusal {
  readonly refused: string;
  readonly location: string | undefined;
}

/**
 * The request a redirect leads to, a refusal, or undefined when `response` is not a redirect to
 * follow (then it is the call's answer). `hops`: redirects followed so far. `secrets`: the call's
 * redactor, which tells whether a Location would carry one of its secrets to another origin;
 * without it a request is sealed to its origin (the token exchange: its body stays there, and its
 * answer is taken from the token endpoint's origin alone).
 */
export function nextHop(request: Sent, response: Received, hops: number, secrets: Redactor | undefined): Sent | Refusal | undefined {
  const { status } = response;
  // A browser's fetch answers a manual redirect with an opaque response: status 0, no Location.
  if (status === 0) return { refused: 'an opaque redirect (fetch here hides its Location) was not followed', location: undefined };
  // Headers are read only now: copying fetch's costs more than the rest of a call (transport.ts).
  if (status < 301 || status > 308 || (status > 303 && status < 307)) return undefined;
  const location = response.headers['location'];
  if (location === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(location, request.url);
  } catch {
    return refuse(status, location, 'not a URL');
  }
  // Another scheme (`data:`, `file:`) is no origin of the request's: it is another origin, and gets an anonymous request at most.
  target.hash = '';
  const url = target.href;
  const { method, headers } = request;
  // As fetch does: a 303 (but for HEAD), and a 301 or 302 after a POST, become a GET without the body.
  const toGet = status === 303 ? method !== 'HEAD' : status < 303 && method === 'POST';
  const body = toGet ? undefined : request.body;
  const next = { url, method: toGet ? 'GET' : method, headers, body };
  if (hops >= MAX_REDIRECTS) return refuse(status, url, `over ${MAX_REDIRECTS} redirects`);
  if (target.origin === new URL(request.url).origin) {
    if (isStream(body)) return refuse(status, url, 'a stream is read once');
    // A GET made of a redirected POST sends no body, so nothing describes one.
    if (toGet) next.headers = only(headers, /^(?!content-)/i);
    return next;
  }
  if (secrets === undefined) return refuse(status, url, 'another origin');
  if (body !== undefined) return refuse(status, url, 'the body would go to another origin');
  // Judged as written and decoded up to three times: a server may percent-encode any character (`%4B%45%59`), or nest a return address.
  for (let text = url, i = 4; i-- > 0; text = unescape(text)) if (secrets.text(text) !== text) return refuse(status, text, 'the Location holds a secret');
  // Another origin gets a new request of method, URL and Accept alone: nothing else goes along.
  next.headers = only(headers, /^accept$/i);
  return next;
}

function refuse(status: number, location: string, why: string): Refusal {
  return { refused: `the ${status} redirect to ${location} was not followed: ${why}`, location };
}

/** The headers whose names match. */
function only(headers: Readonly<Record<string, string>>, names: RegExp): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.test(name)));
}
