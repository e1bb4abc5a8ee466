/**
 * The npm name a person would give a description's client: the words of its title that name the
 * API, without those every title says of itself. `GitHub's official OpenAPI spec + Octokit
 * extension` → `github-client`, `Stripe API` → `stripe-client`, `Swagger Petstore` →
 * `petstore-client`. A title left with nothing (`API`, `OpenAPI spec`) gives the name of the
 * first server's domain (`api.stripe.com` → `stripe-client`), else `api-client`. The name is
 * always a valid npm name: lower-case letters, digits and single hyphens.
 */

/** Words that say what the document is, not which API: dropped wherever they stand. */
const NOISE = new Set([
  'api', 'apis', 'rest', 'restful', 'http', 'https', 'json', 'openapi', 'oas', 'swagger', 'fastapi',
  'spec', 'specs', 'specification', 'specifications', 'definition', 'definitions', 'documentation', 'docs', 'reference',
  'official', 'interface', 'client', 'clients', 'sdk', 'version',
]);
/** Words that cannot start or end a name (`The`, `API for Foo`). */
const LINKING = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** Server labels that name no one: `api.stripe.com`'s `api`. */
const HOST_NOISE = new Set(['api', 'apis', 'www', 'rest', 'gateway', 'app', 'dev', 'sandbox', 'staging', 'prod', 'production', 'test', 'localhost']);
/** A name's words before `-client`: long enough for `amazon-kinesis-video-webrtc-storage`, short enough to type. */
const MAX_WORDS_LENGTH = 40;

export function packageName(title: string, serverUrl?: string): string {
  const words = titleWords(title);
  const chosen = words.length > 0 ? words : hostWords(serverUrl);
  return `${chosen.length > 0 ? chosen.join('-') : 'api'}-client`;
}

/** The title's naming words, lower case, at most MAX_WORDS_LENGTH characters joined. */
export function titleWords(title: string): string[] {
  // What follows ` + ` adds to the API (GitHub's `+ Octokit extension`); brackets explain it.
  const main = plain(title.split(/\s\+\s/)[0] ?? '');
  const unbracketed = main.replace(/\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\}/g, ' ');
  const words = naming(tokens(unbracketed));
  return shortened(words.length > 0 ? words : naming(tokens(main)));
}

/** ASCII letters and digits: accents taken off, possessives and version numbers out, `1,000` one number. */
function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]s\b/g, '')
    .replace(/([A-Za-z])\+(?![\w+])/g, '$1 plus')
    .replace(/\b(?:version\s*|v)\d+(?:\.\d+)*\b|\b\d+(?:\.\d+)+\b/gi, ' ')
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
}

/** A word of the title; `part` when it was split out of an identifier. */
interface Token {
  readonly text: string;
  readonly part: boolean;
}

/** Words, with an identifier of three or more parts split (`SqlManagementClient`), a brand of two kept (`GitHub`, `YouTube`). */
function tokens(text: string): Token[] {
  return (text.match(/[A-Za-z0-9]+/g) ?? []).flatMap((word) => {
    const parts = word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [word];
    const split = parts.filter((p) => !/^\d/.test(p)).length >= 3;
    return (split ? parts : [word]).map((w) => ({ text: w.toLowerCase(), part: split }));
  });
}

/**
 * The tokens that name the API. A noise word inside an identifier stays (`ApiManagementClient`
 * is API Management's), but not `Client`: the package name ends with it already.
 */
function naming(tokens: readonly Token[]): string[] {
  const noise = (t: Token | undefined) => t !== undefined && (t.part ? t.text === 'client' : NOISE.has(t.text));
  // `Web API` is a kind of API; `Web` elsewhere may name one.
  const kept = tokens.filter((t, i) => !noise(t) && !(t.text === 'web' && !t.part && noise(tokens[i + 1])));
  return trimmed(kept.map((t) => t.text));
}

function trimmed(words: readonly string[]): string[] {
  let [start, end] = [0, words.length];
  while (start < end && LINKING.has(words[start] ?? '')) start++;
  while (end > start && LINKING.has(words[end - 1] ?? '')) end--;
  return words.slice(start, end);
}

function shortened(words: readonly string[]): string[] {
  const out: string[] = [];
  let length = -1;
  for (const word of words) {
    if (out.length > 0 && length + 1 + word.length > MAX_WORDS_LENGTH) break;
    out.push(word.slice(0, MAX_WORDS_LENGTH));
    length += 1 + word.length;
  }
  return trimmed(out);
}

/** The server host's first label that names someone (`api.stripe.com` → `stripe`); nothing for an address, a variable or a relative URL. */
function hostWords(url: string | undefined): string[] {
  const host = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/:?#{}]+)(?:[/:?#]|$)/i.exec(url ?? '')?.[1]?.toLowerCase();
  if (host === undefined || /^[\d.]+$/.test(host)) return [];
  // The first label that names someone: `api.stripe.com`'s stripe, `shop.herokuapp.com`'s shop.
  const label = host.split('.').slice(0, -1).find((l) => !HOST_NOISE.has(l))?.match(/[a-z0-9]+/g)?.join('-');
  return label === undefined || label === '' ? [] : [label];
}
