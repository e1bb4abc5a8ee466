/**
 * One test per diagnostic the loader, the schema check and the model builder report. Each broken
 * contract is the real contract with one targeted edit (or a small inline document for file-level
 * problems); expected positions are computed from the edited text, then asserted as concrete
 * line and column numbers.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import type { Io } from '../generator/commands.js';
import { loadContract, loadContractText } from '../generator/contract.js';
import { loadInputText } from '../generator/input.js';
import { formatDiagnostic, type Diagnostic } from '../generator/diagnostics.js';
import { MAX_ALIAS_COUNT, MAX_DEPTH } from '../generator/limits.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const ORDERS = join(REPO, 'contract', 'orders.yaml');
const ORIGINAL = readFileSync(ORDERS, 'utf8');
const FILE = 'x.yaml';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-diagnostics-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every offset at which `needle` occurs in `text`. */
function offsets(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) found.push(i);
  return found;
}

/** The contract with the single occurrence of `from` replaced by `to` (no `$` replacement patterns). */
function edit(from: string, to: string, text: string = ORIGINAL): string {
  const found = offsets(text, from);
  expect(found, `expected exactly one occurrence of ${JSON.stringify(from)}`).toHaveLength(1);
  const start = found[0] ?? 0;
  return text.slice(0, start) + to + text.slice(start + from.length);
}

interface Pos {
  readonly line: number;
  readonly col: number;
}

function posOfOffset(text: string, offset: number): Pos {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, col: offset - before.lastIndexOf('\n') };
}

/** 1-based position of the `occurrence`-th (0-based) `needle` in `text`, moved `shift` characters right. */
function posOf(text: string, needle: string, shift = 0, occurrence = 0): Pos {
  const found = offsets(text, needle);
  expect(found.length, `expected ${JSON.stringify(needle)} in the text`).toBeGreaterThan(occurrence);
  return posOfOffset(text, (found[occurrence] ?? 0) + shift);
}

/** Position of the only occurrence of `needle`; fails when it is missing or repeated. */
function uniquePos(text: string, needle: string, shift = 0): Pos {
  expect(offsets(text, needle), `expected exactly one ${JSON.stringify(needle)}`).toHaveLength(1);
  return posOf(text, needle, shift);
}

function problems(text: string): readonly Diagnostic[] {
  const result = loadContractText(FILE, text);
  expect(result.ok).toBe(false);
  return result.diagnostics;
}

function error(code: string, at: Pos, message: string): Diagnostic {
  return { code, severity: 'error', file: FILE, line: at.line, col: at.col, message };
}

/** The text must load with exactly these diagnostics. */
function expectOnly(text: string, ...expected: Diagnostic[]): void {
  expect(problems(text)).toEqual(expected);
}

describe('the unedited contract', () => {
  it('loads without any diagnostic, so every failure below comes from its one edit', () => {
    const result = loadContractText(FILE, ORIGINAL);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });
});

describe('file-level problems', () => {
  it('yaml-syntax: a plain value starting with a reserved character', () => {
    const text = edit('  version: 1.0.0\n', '  version: @1.0.0\n');
    expectOnly(text, error('yaml-syntax', uniquePos(text, '@1.0.0'), 'YAML syntax: Plain value cannot start with reserved character @'));
  });

  it('yaml-syntax: an unclosed bracket is reported once, where it opens the trouble (not as the errors it causes below)', () => {
    const text = edit('  version: 1.0.0\n', '  version: { major: 1\n');
    const loaded = loadContractText(FILE, text);
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['yaml-syntax']);
    expect(loaded.diagnostics[0]?.message).toMatch(/^YAML syntax: Flow map .* must be sufficiently indented and end with a \}$/);
  });

  it('empty-contract: an empty file and a comment-only file', () => {
    const expected = error('empty-contract', { line: 1, col: 1 }, 'the contract is empty: expected a mapping with contractgen, info, hosts and endpoints');
    expectOnly('', expected);
    expectOnly('# nothing but a comment\n', expected);
  });

  it('not-a-mapping: a document that is a list', () => {
    expectOnly('- contractgen\n- info\n', error('not-a-mapping', { line: 1, col: 1 }, 'the contract must be a mapping of keys, not a list'));
  });

  it('not-a-mapping: a document that is a scalar', () => {
    expectOnly('\n  just some words\n', error('not-a-mapping', { line: 2, col: 3 }, 'the contract must be a mapping of keys, not a string'));
    expectOnly('42\n', error('not-a-mapping', { line: 1, col: 1 }, 'the contract must be a mapping of keys, not a scalar'));
  });

  it('file-unreadable: a file that does not exist', () => {
    const missing = join(tempDir(), 'missing.yaml');
    const result = loadContract(missing);
    expect(result.ok).toBe(false);
    expect(result.source).toBeUndefined();
    expect(result.diagnostics).toEqual([
      { code: 'file-unreadable', severity: 'error', file: missing, line: 0, col: 0, message: 'cannot read the contract: no such file' },
    ]);
  });

  it('alias-limit: a "billion laughs" alias bomb', () => {
    const text = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      '',
    ].join('\n');
    const firstAlias = posOf(text, '*a');
    expect(firstAlias).toEqual({ line: 2, col: 8 });
    expectOnly(text, error('alias-limit', firstAlias, `aliases expand to too many nodes (limit ${MAX_ALIAS_COUNT}): the document looks like an alias bomb`));
  });

  it('too-deep: mappings nested past the limit', () => {
    const levels = MAX_DEPTH + 1;
    let text = '';
    for (let i = 0; i < levels - 1; i++) text += `${'  '.repeat(i)}k${i}:\n`;
    text += `${'  '.repeat(levels - 1)}v: 1\n`;
    // The first node deeper than the limit is the key of the 64th mapping.
    const at = uniquePos(text, `k${MAX_DEPTH - 1}:`);
    expect(at).toEqual({ line: 64, col: 127 });
    expectOnly(text, error('too-deep', at, `the contract nests deeper than ${MAX_DEPTH} levels`));
  });

  it('too-deep: lists nested past the limit (100 levels) are caught like mappings', () => {
    // `a:` is one level, each `[` one more: 100 levels in all. The first node deeper than the
    // limit is the 64th list, as the 64th mapping is in the test above.
    const lists = 99;
    const text = `a: ${'['.repeat(lists)}1${']'.repeat(lists)}\n`;
    const at = posOf(text, '[', MAX_DEPTH - 1);
    expect(at).toEqual({ line: 1, col: 67 });
    expectOnly(text, error('too-deep', at, `the contract nests deeper than ${MAX_DEPTH} levels`));
  });
});

describe('keys', () => {
  it('duplicate-key: names the key and the line of its first occurrence', () => {
    const text = edit('  version: 1.0.0\n', '  version: 1.0.0\n  version: 1.0.1\n');
    const first = uniquePos(text, 'version: 1.0.0');
    const second = uniquePos(text, 'version: 1.0.1');
    expect(first).toEqual({ line: 9, col: 3 });
    expectOnly(text, error('duplicate-key', second, `duplicate key 'version' (first at line ${first.line}): each key may appear once in a mapping`));
  });

  it('duplicate-operation-id: a key repeated under endpoints', () => {
    const text = edit('  getOrderLabel:\n', '  getOrder:\n');
    const first = posOf(text, '\n  getOrder:\n', 3, 0);
    const second = posOf(text, '\n  getOrder:\n', 3, 1);
    expect(second.line).toBeGreaterThan(first.line);
    expectOnly(text, error('duplicate-operation-id', second, `duplicate operation id 'getOrder' (first at line ${first.line})`));
  });

  it('duplicate-operation-id: ids that differ only by case', () => {
    const text = edit('  getOrderLabel:\n', '  GetOrder:\n');
    expectOnly(
      text,
      error('duplicate-operation-id', uniquePos(text, 'GetOrder:'), "operation id 'GetOrder' collides with 'getOrder' (ids must differ by more than case and underscores)"),
    );
  });

  it('a key holding a line break is quoted escaped: every diagnostic prints as one line', () => {
    const text = edit('  version: 1.0.0\n', '  version: 1.0.0\n  "a\\nb\\u0007": 1\n');
    const found = problems(text);
    expect(found.map((d) => d.code)).toEqual(['unknown-key']);
    const printed = formatDiagnostic(found[0] as Diagnostic, undefined);
    expect(printed.split('\n')).toHaveLength(1);
    expect(printed).toContain("unknown key 'a\\nb\\u0007' in info");
  });

  it('unknown-key: a misspelt key gets a "did you mean"', () => {
    const text = edit('    summary: Read an order.\n', '    sumary: Read an order.\n');
    expectOnly(text, error('unknown-key', uniquePos(text, 'sumary:'), "unknown key 'sumary' in endpoints.getOrder; did you mean 'summary'?"));
  });

  it('unknown-key: a key with no close match lists the expected keys', () => {
    const text = edit('    summary: Read an order.\n', '    flavour: Read an order.\n');
    expectOnly(
      text,
      error(
        'unknown-key',
        uniquePos(text, 'flavour:'),
        "unknown key 'flavour' in endpoints.getOrder (expected one of: summary, description, deprecated, method, path, host, auth, idempotent, params, request, shapes, responses, quirks, pagination)",
      ),
    );
  });

  it('invalid-name: a response key that is no status, class or default', () => {
    const text = edit('      "200": { description: The label., body: binary', '      dflt: { description: The label., body: binary');
    expectOnly(text, error('invalid-name', uniquePos(text, 'dflt:'), "'dflt' is not a valid name in endpoints.getOrderLabel.responses: expected an HTTP status such as 404, a class such as 4XX, or default"));
  });

  it('no-success-response: errors only; a default alone is a success', () => {
    const errorsOnly = edit('      "200": { description: The label., body: binary', '      "404": { description: The label., body: binary');
    expectOnly(errorsOnly, error('no-success-response', uniquePos(errorsOnly, '"404": { description: The label.'), 'an endpoint needs at least one success (1XX–3XX) response, or a default'));
    const defaultOnly = loadContractText(FILE, edit('      "200": { description: The label., body: binary', '      default: { description: The label., body: binary'));
    expect(defaultOnly.diagnostics).toEqual([]);
  });

  it('unread-response-body (warning): a body on a redirect or a 304 is never data; a 2XX body is', () => {
    const label = '      "200": { description: The label., body: binary, contentType: application/pdf }\n';
    const text = edit(label, `${label}      "302": { description: Moved elsewhere., body: binary }\n      "304": { description: Unchanged., body: binary }\n      2XX: { description: Any other., body: binary }\n`);
    const warning = (status: string, needle: string): Diagnostic => ({
      code: 'unread-response-body',
      severity: 'warning',
      file: FILE,
      ...uniquePos(text, needle, needle.length - 'body: binary }'.length),
      message: `a ${status} is never the call's data (a redirect is followed and its target answers; a 304 is the not_modified error), so this body is never read: leave it out, or give it to the 2xx that carries it`,
    });
    expect(loadContractText(FILE, text).diagnostics).toEqual([warning('302', 'Moved elsewhere., body: binary }'), warning('304', 'Unchanged., body: binary }')]);
  });

  it('invalid-name: an endpoint id that is not an identifier is reported once, at the id', () => {
    const text = edit('  getOrderLabel:\n', '  get-order-label:\n');
    expectOnly(
      text,
      error('invalid-name', uniquePos(text, 'get-order-label:'), "'get-order-label' is not a valid name in endpoints: use letters, digits and underscores, not starting with a digit"),
    );
  });
});

describe('values', () => {
  it('wrong-type: version given as a list', () => {
    const text = edit('  version: 1.0.0\n', '  version: [1]\n');
    const at = uniquePos(text, '[1]');
    expect(at).toEqual({ line: 9, col: 12 });
    expectOnly(text, error('wrong-type', at, 'info.version must be a string, not a list'));
  });

  it('not-allowed-value: an HTTP method outside the enum', () => {
    const text = edit('    method: GET\n    path: /orders/{order_id}\n', '    method: FETCH\n    path: /orders/{order_id}\n');
    expectOnly(
      text,
      error('not-allowed-value', uniquePos(text, 'FETCH'), "endpoints.getOrder.method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, not 'FETCH'; did you mean 'PATCH'?"),
    );
  });

  it('empty-enum: a closed enum without values', () => {
    const text = edit('    open: true\n    description: How the order is paid.\n', '    open: false\n    description: How the order is paid.\n');
    const at = posOf(text, '    values: []\n', '    values: '.length, 1);
    expect(text.split('\n')[at.line - 2]).toBe('    description: How the order is paid.');
    expectOnly(text, error('empty-enum', at, "closed enum 'PaymentMode' has no values: list them, or declare it open if they are not shown"));
  });

  it('duplicate-default: two default environments', () => {
    const text = edit('    description: Staging.\n', '    description: Staging.\n    default: true\n');
    const at = posOf(text, '\n    default: true\n', '\n    default: '.length, 1);
    expect(text.split('\n')[at.line - 2]).toBe('    description: Staging.');
    expectOnly(text, error('duplicate-default', at, "environment 'staging' is a second default; only one environment may be the default"));
  });
});

describe('type references', () => {
  it('unresolved-type: in a field', () => {
    const text = edit('      kind: { type: ServiceKind }\n      billing_identifier:\n', '      kind: { type: ServiceKnd }\n      billing_identifier:\n');
    expectOnly(text, error('unresolved-type', uniquePos(text, 'ServiceKnd'), "unknown type 'ServiceKnd'; did you mean 'ServiceKind'?"));
  });

  it('unresolved-type: in a request body', () => {
    const text = edit('      body: OrderUpdate\n', '      body: OrderUpdat\n');
    expectOnly(text, error('unresolved-type', uniquePos(text, 'OrderUpdat\n'), "unknown type 'OrderUpdat'; did you mean 'OrderUpdate'?"));
  });

  it('unresolved-type: in a shape body', () => {
    const text = edit('    body: InvalidClientBody\n', '    body: InvalidClientBdy\n');
    expectOnly(text, error('unresolved-type', uniquePos(text, 'InvalidClientBdy'), "unknown type 'InvalidClientBdy'; did you mean 'InvalidClientBody'?"));
  });
});

describe('path parameters', () => {
  it('undeclared-path-parameter: a placeholder missing from params', () => {
    const text = edit('    path: /order_label/{order_id}\n', '    path: /order_label/{order_id}/{page}\n');
    expectOnly(
      text,
      error('undeclared-path-parameter', uniquePos(text, '/order_label/{order_id}/{page}'), "path parameter '{page}' in /order_label/{order_id}/{page} is not declared in params"),
    );
  });

  it('extra-path-parameter: params declares a name the path lacks', () => {
    const text = edit(
      '    path: /orders/{order_id}/ready_for_collection\n    host: lastmile\n    params:\n      order_id: { description: Identifies an order. }\n',
      '    path: /orders/{order_id}/ready_for_collection\n    host: lastmile\n    params:\n      order_id: { description: Identifies an order. }\n      label_id: { description: Not in the path. }\n',
    );
    expectOnly(
      text,
      error('extra-path-parameter', uniquePos(text, 'label_id:'), "params declares 'label_id', but the path /orders/{order_id}/ready_for_collection has no '{label_id}' (a query, header or cookie parameter says so with in:)"),
    );
  });
});

describe('query, header and cookie parameters', () => {
  const READY = '    path: /orders/{order_id}/ready_for_collection\n    host: lastmile\n    params:\n      order_id: { description: Identifies an order. }\n';
  const withParams = (extra: string) => edit(READY, `${READY}${extra}`);

  it('valid ones load: every place, a style, a wire name that is no identifier', () => {
    const text = withParams('      page[size]: { in: query, type: integer, maximum: 100 }\n      tags: { in: query, type: array, items: { type: string }, style: pipeDelimited }\n      X-Request-Id: { in: header, required: true }\n      session: { in: cookie }\n');
    const loaded = loadContractText(FILE, text);
    expect(loaded.ok ? [] : loaded.diagnostics).toEqual([]);
  });

  it.each([
    ['a style its place does not allow', '      X-Trace: { in: header, style: form }\n', 'form }', "style 'form' is not one a header parameter can take (simple)"],
    ['allowReserved outside the query', '      X-Trace: { in: header, allowReserved: true }\n', 'allowReserved:', "'allowReserved' applies to query parameters only"],
    ['a header name that is no token', '      "X Trace": { in: header }\n', '"X Trace":', "header parameter 'X Trace' is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)"],
    ['a header the contract says elsewhere', '      Authorization: { in: header }\n', 'Authorization: { in', "header 'Authorization' is not a parameter: responses, request.contentTypes and auth say what it carries"],
    ['two headers differing only in case', '      X-Trace: { in: header }\n      x-trace: { in: header, key: trace2 }\n', 'x-trace:', "header 'x-trace' is 'X-Trace' again (header names ignore case)"],
    ['two parameters with one input key', '      x_trace: { in: query, key: xTrace }\n      X-Trace: { in: header }\n', 'X-Trace:', "parameter 'X-Trace' would take the input key 'xTrace', which 'x_trace' already takes; give one of them another with key:"],
  ])('invalid-parameter: %s', (_what, extra, at, message) => {
    const text = withParams(extra);
    expectOnly(text, error('invalid-parameter', uniquePos(text, at), message));
  });

  it('invalid-parameter: a {name} in the path declared in another place', () => {
    const text = edit(READY, READY.replace('order. }', 'order., in: query }'));
    expectOnly(text, error('invalid-parameter', uniquePos(text, 'in: query', 4), "'{order_id}' is in the path /orders/{order_id}/ready_for_collection, but its parameter says in: query"));
  });

  it('invalid-parameter: an optional path parameter', () => {
    const text = edit(READY, READY.replace('order. }', 'order., required: false }'));
    expectOnly(text, error('invalid-parameter', uniquePos(text, 'required: false', 10), "path parameter 'order_id' cannot be optional: the path needs its value"));
  });
});

describe('field rules', () => {
  it('unknown-field: requiredWhen `when` names an unknown field', () => {
    const text = edit('      - when: { grant_type: refresh_token }\n', '      - when: { grant_typ: refresh_token }\n');
    expectOnly(text, error('unknown-field', uniquePos(text, 'grant_typ:'), "'grant_typ' is not a field of 'TokenRequest'; did you mean 'grant_type'?"));
  });

  it('unknown-field: requiredWhen `require` names an unknown field', () => {
    const text = edit('        require: [refresh_token]\n', '        require: [refresh_tokn]\n');
    expectOnly(text, error('unknown-field', uniquePos(text, 'refresh_tokn'), "'refresh_tokn' is not a field of 'TokenRequest'; did you mean 'refresh_token'?"));
  });

  it('unknown-field: `together` names an unknown field', () => {
    const text = edit('      - [payment_amount, payment_mode]\n  OrderUpdate:\n', '      - [payment_amount, payment_mod]\n  OrderUpdate:\n');
    expectOnly(text, error('unknown-field', uniquePos(text, 'payment_mod]'), "'payment_mod' is not a field of 'OrderRequest'; did you mean 'payment_mode'?"));
  });

  it('unknown-field: `jsonFields` names a field the request body lacks', () => {
    const text = edit('      contentTypes: [application/json, application/x-www-form-urlencoded]\n', '      contentTypes: [application/json, application/x-www-form-urlencoded]\n      jsonFields: [client_secre]\n');
    expectOnly(text, error('unknown-field', uniquePos(text, 'client_secre]'), "unknown field of the request body 'client_secre'; did you mean 'client_secret'?"));
  });

  it('invalid-request-body: `jsonFields` on an endpoint that sends no URL-encoded form', () => {
    const text = edit('    request:\n      body: OrderRequest\n', '    request:\n      body: OrderRequest\n      jsonFields: [origin]\n');
    expectOnly(text, error('invalid-request-body', uniquePos(text, 'jsonFields: [origin]'), '`jsonFields` says how an application/x-www-form-urlencoded body is written, and the endpoint sends none: add it to `contentTypes`'));
  });

  it('unknown-field: a grant sends a field the token request lacks, pointed at that field name', () => {
    const text = edit('      send: { refresh_token: refreshToken }\n', '      send: { refresh_tokn: refreshToken }\n');
    expectOnly(text, error('unknown-field', uniquePos(text, 'refresh_tokn:'), "unknown field 'refresh_tokn'; did you mean 'refresh_token'?"));
  });
});

describe('message tables', () => {
  it('invalid-pattern: a regular expression that does not compile', () => {
    const text = edit("            pattern: '^\\[order\\]\\[items\\] invalid$'\n", "            pattern: '^\\[order\\]\\[items\\] invalid($'\n");
    expectOnly(text, error('invalid-pattern', uniquePos(text, "'^\\[order\\]\\[items\\] invalid($'"), "invalid regular expression in message row 'items_invalid': Unterminated group"));
  });

  it("slow-pattern: a message pattern a server's message could make run for seconds is refused where it is written, naming its repetitions", () => {
    const text = edit("            pattern: '^\\[order\\]\\[items\\] invalid$'\n", "            pattern: '^\\[order\\]\\[(?<path>\\w+\\s?)*\\] invalid$'\n");
    expectOnly(
      text,
      error(
        'slow-pattern',
        uniquePos(text, "'^\\[order\\]\\[(?<path>"),
        "message row 'items_invalid': the pattern may take too long to match: '(?<path>\\w+\\s?)*', '\\w+' and '\\s?' can read the same characters in many ways, so on some text of 4,096 characters a backtracking matcher may take more than 11 million steps (the limit is 11 million); make the repetitions read different characters, or bound them",
      ),
    );
  });

  it('example-mismatch: an example no row matches any more', () => {
    const text = edit('            example: "[order][items] invalid"\n', '            example: "[order][items] is broken"\n');
    expectOnly(text, error('example-mismatch', uniquePos(text, '"[order][items] is broken"'), "the example of message row 'items_invalid' is matched by no row"));
  });

  it('example-mismatch: an example that no longer yields its expect', () => {
    const text = edit('            expect: [payment_amount]\n', '            expect: [payment_mode]\n');
    expectOnly(
      text,
      error('example-mismatch', uniquePos(text, '[payment_mode]\n'), "message row 'payment_amount_missing' maps its example to [payment_amount], not [payment_mode]"),
    );
  });

  it('unknown-group: a field template names a capture group the pattern lacks', () => {
    const text = edit('            fields: ["{stop}.address.address1"]\n', '            fields: ["{stp}.address.address1"]\n');
    const groupProblems = problems(text).filter((d) => d.code === 'unknown-group');
    expect(groupProblems).toEqual([
      error(
        'unknown-group',
        uniquePos(text, '"{stp}.address.address1"'),
        "field template '{stp}.address.address1' names the capture group 'stp', which the pattern does not define",
      ),
    ]);
  });
});

describe('auth', () => {
  const NO_AUTH = `contractgen: 1\ninfo: { title: T, version: 1.0.0, package: t }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n`;
  const SAYS =
    "no auth scheme is declared, so the client sends no credentials and its options offer none: declare the API's schemes under auth (auth: {} says it takes none), or for an OpenAPI description add a securitySchemes entry with an overlay (docs/overlays.md)";

  it('no-auth-scheme (warning): a contract without auth schemes is told how to add one, at its info', () => {
    expect(loadContractText(FILE, NO_AUTH).diagnostics).toEqual([{ code: 'no-auth-scheme', severity: 'warning', file: FILE, ...uniquePos(NO_AUTH, 'info:'), message: SAYS }]);
  });

  it('no-auth-scheme: auth: {} says the API takes no credentials, and a declared scheme needs no word', () => {
    expect(loadContractText(FILE, NO_AUTH.replace('hosts:', 'auth: {}\nhosts:')).diagnostics).toEqual([]);
    expect(loadContractText(FILE, NO_AUTH.replace('hosts:', 'auth:\n  key: { type: apiKey, in: header, name: X-Key }\nhosts:')).diagnostics).toEqual([]);
  });

  it('no-auth-scheme: an OpenAPI description without securitySchemes gets it too', () => {
    const description = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }], paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'Pong.' } } } } } });
    const loaded = loadInputText('t.json', description);
    expect(loaded.ok).toBe(true);
    expect(loaded.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([['no-auth-scheme', 'warning', SAYS]]);
    // At the description's info, where the API as a whole is described (its column: the object's first brace).
    expect(loaded.diagnostics.map((d) => [d.line, d.col])).toEqual([[1, description.indexOf('{', description.indexOf('"info"')) + 1]]);
    const secured = JSON.parse(description) as Record<string, unknown>;
    secured['components'] = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } };
    expect(loadInputText('t.json', JSON.stringify(secured)).diagnostics).toEqual([]);
  });
});

describe('references to declared names', () => {
  it('unknown-shape: an endpoint names an undeclared shape', () => {
    const text = edit('    shapes: [invalid_client]\n', '    shapes: [invalid_clent]\n');
    expectOnly(text, error('unknown-shape', uniquePos(text, 'invalid_clent'), "unknown shape 'invalid_clent'; did you mean 'invalid_client'?"));
  });

  it('unknown-category: a quirk names an undeclared category', () => {
    const text = edit('        category: not_found\n        hint: "This API', '        category: notfound\n        hint: "This API');
    expectOnly(text, error('unknown-category', uniquePos(text, 'notfound'), "unknown category 'notfound'; did you mean 'not_found'?"));
  });

  it('unknown-host: an endpoint names an undeclared host', () => {
    const text = edit('    path: /orders\n    host: lastmile\n', '    path: /orders\n    host: lastmil\n');
    expectOnly(text, error('unknown-host', uniquePos(text, 'lastmil\n'), "unknown host 'lastmil'; did you mean 'lastmile'?"));
  });

  it('unknown-host: an environment URL for an undeclared host is pointed at the host name', () => {
    const text = edit('      fulfilment: "{mock_url}"\n', '      fulfilmnt: "{mock_url}"\n');
    expectOnly(text, error('unknown-host', uniquePos(text, 'fulfilmnt:'), "unknown host 'fulfilmnt'; did you mean 'fulfilment'?"));
  });

  it('unknown-environment: a token lifetime for an undeclared environment is pointed at its name', () => {
    const text = edit('    staging: 3600\n', '    stagin: 3600\n');
    expectOnly(text, error('unknown-environment', uniquePos(text, 'stagin:'), "unknown environment 'stagin'; did you mean 'staging'?"));
  });

  it('unknown-server-variable: a host URL names an undeclared server variable', () => {
    const text = edit('    url: "{lastmile_url}"\n', '    url: "{lastmile_ur}"\n');
    // Codes are stable identifiers (`unknown-key`, `unresolved-type`): no spaces.
    expectOnly(text, error('unknown-server-variable', uniquePos(text, '"{lastmile_ur}"'), "unknown server variable 'lastmile_ur'; did you mean 'lastmile_url'?"));
  });
});

describe('values and names the generated code depends on', () => {
  it('invalid-default: a default that is not a value of the field\'s closed enum', () => {
    const text = edit('        default: client_credentials\n', '        default: client_credential\n');
    expectOnly(text, error('invalid-default', uniquePos(text, 'client_credential\n'), "default of 'grant_type' 'client_credential' is not a value of GrantType (client_credentials, refresh_token)"));
  });

  it('invalid-default: a default of the wrong primitive type', () => {
    const text = edit('        default: bearer\n', '        default: 7\n');
    expectOnly(text, error('invalid-default', uniquePos(text, '7\n'), "default of 'token_type' must be a string, not 7"));
  });

  it('invalid-value: a requiredWhen value the discriminant\'s enum does not allow', () => {
    const text = edit('      - when: { grant_type: refresh_token }\n', '      - when: { grant_type: refresh }\n');
    expectOnly(text, error('invalid-value', uniquePos(text, 'grant_type: refresh }', 'grant_type: '.length), "requiredWhen value for 'grant_type' 'refresh' is not a value of GrantType (client_credentials, refresh_token)"));
  });

  it('reserved-parameter-name: a path parameter named like a method option', () => {
    let text = edit('    path: /order_label/{order_id}\n', '    path: /order_label/{body}\n');
    text = edit('    params:\n      order_id: { description: Identifies an order. }\n    responses:\n      "200"', '    params:\n      body: { description: Identifies an order. }\n    responses:\n      "200"', text);
    const at = uniquePos(text, 'body: { description');
    expectOnly(text, error('reserved-parameter-name', at, "parameter 'body' would clash with the call option of the same name (body, contentType, signal, timeoutMs, headers, maxRetries, validateResponses, validateRequests, middleware); give it another input name with key:"));
  });

  it('duplicate-row-id: two quirks of one endpoint with the same id', () => {
    const text = edit('      - id: not_found_means_wrong_path\n', '      - id: empty_label_means_missing\n');
    const at = posOf(text, 'empty_label_means_missing', 0, 1);
    expectOnly(text, error('duplicate-row-id', at, "quirk id 'empty_label_means_missing' is used twice in getOrderLabel"));
  });

  it('unresolved-type: a body named object (or array, map, enum, union) without the keys that say what it holds', () => {
    const text = edit('      body: OrderUpdate\n', '      body: object\n');
    expectOnly(text, error('unresolved-type', uniquePos(text, 'object\n    responses'), "'object' needs the keys that say what it holds: write { type: object, … } in place, or declare a named type and use its name here"));
  });
});

describe('what a body can hold', () => {
  const JSON_BYTES = 'which travels as JSON: JSON carries no bytes; write { type: string, format: byte } (base64 text) here, or send the bytes as a multipart/form-data part or an application/octet-stream body';

  it('binary-in-json: a field of a JSON request body, at the field', () => {
    const text = edit('      billing_identifier:\n        type: string\n', '      billing_identifier:\n        type: binary\n');
    expectOnly(text, error('binary-in-json', posOf(text, 'billing_identifier:', 0, 0), `binary in the application/json request body of 'createOrder', ${JSON_BYTES}`));
  });

  it("binary-in-json: an array's items in a type a request sends, at its items", () => {
    const text = edit('      items:\n        type: array\n        items: { type: Item }\n      kind: { type: ServiceKind }\n      billing_identifier: { type: string }\n', '      items:\n        type: array\n        items: { type: binary }\n      kind: { type: ServiceKind }\n      billing_identifier: { type: string }\n');
    expectOnly(text, error('binary-in-json', uniquePos(text, 'items: { type: binary }'), `binary in the application/json request body of 'updateOrder', ${JSON_BYTES}`));
  });

  it("binary-in-json: a field of an error shape's body, nested in another type", () => {
    const text = edit('      detail: { type: string, required: true }\n', '      detail: { type: binary, required: true }\n');
    expectOnly(text, error('binary-in-json', uniquePos(text, 'detail: { type: binary'), `binary in the body of error shape 'api_error', ${JSON_BYTES}`));
  });

  it('no-finite-value: two types that hold each other through required fields, at the first one, naming the cycle', () => {
    const text = edit('      address1: { type: string, required: true, description: Required on both stops. }\n', '      address1: { type: string, required: true, description: Required on both stops. }\n      stop: { type: Stop, required: true }\n');
    expectOnly(
      text,
      error('no-finite-value', uniquePos(text, 'stop: { type: Stop'), "type 'Address' has no finite value: every value needs another through Address.stop → Stop.address → Address; make a field on the way optional or nullable"),
    );
  });
});

describe('contractgen validate', () => {
  interface Run {
    readonly code: number;
    readonly out: string[];
    readonly err: string[];
  }

  async function run(argv: readonly string[], cwd: string = REPO): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(...line.split('\n')), cwd };
    const code = await main(argv, io);
    for (const line of [...out, ...err]) expect(line, 'no stack trace in CLI output').not.toContain('    at ');
    return { code, out, err };
  }

  function brokenCopy(): string {
    let text = edit('    summary: Read an order.\n', '    sumary: Read an order.\n');
    text = edit('    method: GET\n    path: /orders/{order_id}\n', '    method: FETCH\n    path: /orders/{order_id}\n', text);
    return text;
  }

  it('exits 0 and prints one "valid" line for contract/orders.yaml', async () => {
    const { code, out, err } = await run(['validate', ORDERS]);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/: valid \(6 endpoints, \d+ types, 2 hosts\)$/);
    expect(out[0]?.startsWith(`${ORDERS}: valid`)).toBe(true);
    expect(code).toBe(0);
  });

  it('exits 1 with file:line:col: message [code] lines, each followed by a code frame with a caret', async () => {
    const text = brokenCopy();
    const file = join(tempDir(), 'broken.yaml');
    writeFileSync(file, text);
    const { code, out, err } = await run(['validate', file]);
    const lines = text.split('\n');
    const frame = (at: Pos): string[] => [`  ${at.line} | ${lines[at.line - 1] ?? ''}`, `  ${' '.repeat(String(at.line).length)} | ${' '.repeat(at.col - 1)}^`];
    const key = uniquePos(text, 'sumary:');
    const method = uniquePos(text, 'FETCH');
    expect(out).toEqual([]);
    expect(err).toEqual([
      `${file}:${key.line}:${key.col}: unknown key 'sumary' in endpoints.getOrder; did you mean 'summary'? [unknown-key]`,
      ...frame(key),
      `${file}:${method.line}:${method.col}: endpoints.getOrder.method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, not 'FETCH'; did you mean 'PATCH'? [not-allowed-value]`,
      ...frame(method),
      `2 problems in ${file}`,
    ]);
    expect(err[1]).toBe(`  ${key.line} |     sumary: Read an order.`);
    expect(err[2]).toBe(`  ${' '.repeat(String(key.line).length)} |     ^`);
    expect(code).toBe(1);
  });

  it('validate and generate print a warning, with its frame, and exit 0; a no-op generate reads no model and says nothing more', async () => {
    const dir = tempDir();
    const file = join(dir, 'public.yaml');
    const text = `contractgen: 1\ninfo: { title: P, version: 1.0.0, package: p }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n`;
    writeFileSync(file, text);
    const warning = [`${file}:2:1: warning: no auth scheme is declared, so the client sends no credentials and its options offer none: declare the API's schemes under auth (auth: {} says it takes none), or for an OpenAPI description add a securitySchemes entry with an overlay (docs/overlays.md) [no-auth-scheme]`, '  2 | info: { title: P, version: 1.0.0, package: p }', '    | ^'];
    const validated = await run(['validate', file]);
    expect([validated.code, validated.err]).toEqual([0, warning]);
    const generated = await run(['generate', '--contract', file, '--out', join(dir, 'out')]);
    expect([generated.code, generated.err]).toEqual([0, warning]);
    expect(generated.out[0]).toMatch(/ files written/);
    const again = await run(['generate', '--contract', file, '--out', join(dir, 'out')]);
    expect([again.code, again.err]).toEqual([0, []]);
  });

  it('exits 1 with a position-less line and no frame for a missing file', async () => {
    const file = join(tempDir(), 'missing.yaml');
    const { code, err } = await run(['validate', file]);
    expect(err).toEqual([`${file}: cannot read the contract: no such file [file-unreadable]`, `1 problem in ${file}`]);
    expect(code).toBe(1);
  });

  it('exits 2 for an unknown option', async () => {
    const { code, out, err } = await run(['validate', '--bogus', ORDERS]);
    expect(out).toEqual([]);
    expect(err[0]).toBe("contractgen: unknown option '--bogus'");
    expect(err.join('\n')).toContain('Usage: contractgen validate [--contract <file>]');
    expect(code).toBe(2);
  });

  it('exits 2 for an unknown command', async () => {
    const { code, out, err } = await run(['frobnicate']);
    expect(out).toEqual([]);
    expect(err[0]).toBe("contractgen: unknown command 'frobnicate'");
    expect(err).toContain('Usage:');
    expect(code).toBe(2);
  });

  it('with no file, validates the contract in ./contract/ of io.cwd (not of the process)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'contract'));
    writeFileSync(join(dir, 'contract', 'orders.yaml'), brokenCopy());
    const { code, out, err } = await run(['validate'], dir);
    expect(out).toEqual([]);
    expect(err.at(-1)).toBe('2 problems in contract/orders.yaml');
    expect(code).toBe(1);
  });

  it('resolves a relative contract path against io.cwd', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.yaml'), brokenCopy());
    const { code, err } = await run(['validate', 'broken.yaml'], dir);
    expect(err.at(-1)).toBe('2 problems in broken.yaml');
    expect(code).toBe(1);
  });
});

describe('type patterns', () => {
  const field = '      client_id:\n        type: string\n';
  const withPattern = (pattern: string): string => edit(field, `${field}        pattern: "${pattern}"\n`);

  it('slow-pattern: a type pattern whose repetitions can read the same text in many ways, at the pattern', () => {
    const text = withPattern('^(?:[a-z0-9]+-?)+$');
    expectOnly(
      text,
      error(
        'slow-pattern',
        uniquePos(text, '"^(?:[a-z0-9]+-?)+$"'),
        "'pattern' may take too long to match: '(?:[a-z0-9]+-?)+', '[a-z0-9]+' and '-?' can read the same characters in many ways, so on some text of 4,096 characters a backtracking matcher may take more than 11 million steps (the limit is 11 million); make the repetitions read different characters, or bound them",
      ),
    );
  });

  it('slow-pattern: a type pattern too large to check is refused as such', () => {
    const text = withPattern(`^(?:${'(?:a|b)?'.repeat(600)})$`);
    expectOnly(text, error('slow-pattern', uniquePos(text, '"^(?:(?:a|b)?'), "'pattern' is too large or too complex to check that it always matches quickly: write it shorter, or split it"));
  });

  it('a pattern that is only quadratic by search, as most real ones are, is accepted', () => {
    const result = loadContractText(FILE, withPattern('[a-z]+-[0-9]+'));
    expect(result.diagnostics).toEqual([]);
  });
});
