/**
 * Code injection through a contract. Every text a contract carries into the generated package
 * (descriptions, hints, summaries, enum values, field names, codes, message patterns, policy texts,
 * URLs and paths) holds payloads that, if the generator spliced them into code instead of quoting
 * them, would write a marker file when the package is compiled or loaded: quote breakers, comment
 * terminators, template-literal substitutions, `</script>`, U+2028 and U+2029. Some also carry
 * the characters that make source read other than it runs (Trojan Source: bidirectional controls,
 * zero-width characters), which no generated file may hold raw.
 *
 * The package is generated with the CLI, compiled with TypeScript 5.9 (`tsc --strict --noEmit -p`),
 * and its built `dist/index.js` is imported and exercised (`decodeError`, `createClient` with a stub
 * fetch). The marker must never appear, and every payload must come back exactly as written.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { render } from '../generator/generate.js';
import { escapeRegExp, toYaml, type Json } from './support/arbitrary-contract.js';
import { sourceNames } from './support/contract-properties.js';
import { RAW_INVISIBLE } from './support/invisible.js';

const TSC = join('node_modules', 'typescript', 'bin', 'tsc');
const MARKER = join(tmpdir(), `PWNED-${randomUUID()}`);
const Q = `'${MARKER.replace(/\\/g, '\\\\')}'`;
const WRITE = `import('node:fs').then((f) => f.writeFileSync(${Q}, 'x'))`;
const WRITE_SYNC = `globalThis.process.getBuiltinModule('node:fs').writeFileSync(${Q}, 'x')`;

/** Each would run WRITE if it ended up as code in a string, comment, template or script position. */
const PAYLOADS: readonly string[] = [
  `'); ${WRITE}; ('`,
  `"); ${WRITE}; ("`,
  `\\'); ${WRITE}; ('`,
  `*/ ${WRITE} /*`,
  `\n*/ ${WRITE_SYNC}; /*`,
  `\${${WRITE_SYNC}}`,
  `\`; ${WRITE_SYNC}; \``,
  `</script><script>${WRITE_SYNC}</script>`,
  `\u2028${WRITE_SYNC}; //`,
  `\u2029${WRITE}; /*`,
  `-->${WRITE}<!--`,
  `\r\n${WRITE_SYNC}\r`,
  // Trojan Source: text that reads as a comment or a string end while it runs, or the reverse.
  `\u202e'); ${WRITE}; //\u2066 ('\u2069`,
  `\u2067*/ ${WRITE_SYNC} /*\u2069\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2068`,
];
/** Each generated file that holds such a character raw, with the first one's code point. */
function rawInvisible(files: ReadonlyMap<string, string>): string[] {
  return [...files].flatMap(([path, text]) => {
    const m = RAW_INVISIBLE.exec(text);
    return m === null ? [] : [`${path}: U+${(m[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`];
  });
}
/** Payloads a path or URL can hold (a `{…}` there is a placeholder). */
const BRACELESS = PAYLOADS.filter((p) => !/[{}]/.test(p));
const at = (i: number): string => PAYLOADS[i % PAYLOADS.length] ?? '';

function record(entries: readonly (readonly [string, Json])[]): { [key: string]: Json } {
  return Object.fromEntries(entries) as { [key: string]: Json };
}

/** A valid contract with a payload in every text position. */
function injectionContract(): Json {
  return record([
    ['contractgen', 1],
    ['info', record([['title', at(0)], ['version', at(1)], ['package', 'injection-client'], ['description', at(2)], ['notShown', [...PAYLOADS]]])],
    ['servers', record([['base', record([['description', at(3)]])]])],
    [
      'hosts',
      record([
        [
          'api',
          record([
            ['url', `{base}/${BRACELESS[0] ?? ''}`],
            ['description', at(4)],
            [
              'errors',
              record([
                ['shapes', ['envelope', 'unauthorized']],
                ['codes', record([['shape', 'envelope'], ['open', false], ['description', at(5)], ['rows', PAYLOADS.map((p, i) => record([['status', 400 + i], ['code', p], ['kind', at(i + 1)], ['description', at(i + 2)]]))]])],
                [
                  'messages',
                  record([
                    ['description', at(6)],
                    [
                      'rows',
                      [
                        ...PAYLOADS.map((p, i) => record([['id', `row${i}`], ['pattern', `^${escapeRegExp(p)}$`], ['fields', [`f${i}`]], ['example', p], ['expect', [`f${i}`]], ['cause', at(i + 3)]])),
                        record([['id', 'quota'], ['pattern', '^quota '], ['fields', []], ['policy', 'Quota']]),
                      ],
                    ],
                  ]),
                ],
              ]),
            ],
          ]),
        ],
      ]),
    ],
    [
      'shapes',
      record([
        ['envelope', record([['description', at(7)], ['body', 'Envelope'], ['match', record([['present', ['code']]])], ['read', record([['code', 'code'], ['message', 'message']])]])],
        ['unauthorized', record([['match', record([['equals', record([['error', at(8)]])]])], ['read', record([['code', 'error']])]])],
      ]),
    ],
    ['categories', record([['bad', record([['description', at(9)]])], ['server', record([['description', at(10)], ['retryable', true]])]])],
    ['statusCategories', record([['4XX', 'bad'], ['5XX', 'server']])],
    ['policies', record([['Quota', record([['description', at(11)], ['category', 'bad'], ['restrictions', PAYLOADS.map((p, i) => record([['name', p], ['liftedBy', at(i + 1)], ['retryLater', 'no'], ['note', at(i + 2)]]))]])]])],
    ['support', record([['contact', 'supportEmail'], ['description', at(0)], ['reportOn', ['5XX']]])],
    ['environments', record([['prod', record([['default', true], ['description', at(1)], ['notShown', at(2)], ['urls', record([['api', `{base}/${BRACELESS[1] ?? ''}`]])]])]])],
    [
      'auth',
      record([['oauth', record([
        ['type', 'oauth2'],
        ['flow', 'clientCredentials'],
        ['description', at(3)],
        ['endpoint', 'requestToken'],
        ['grantField', 'grant_type'],
        ['grants', record([['client_credentials', record([['default', true], ['send', record([['client_id', 'clientId']])]])]])],
        ['token', record([['accessToken', 'access_token']])],
        ['carrier', record([['header', 'Authorization'], ['scheme', 'Bearer'], ['shown', false], ['notShown', at(4)]])],
        ['unauthorized', record([['shape', 'unauthorized']])],
      ])]]),
    ],
    [
      'types',
      record([
        ['Kind', record([['kind', 'enum'], ['description', at(5)], ['values', [...PAYLOADS]]])],
        ['OpenKind', record([['kind', 'enum'], ['open', true], ['values', []], ['notShown', at(6)]])],
        ['Envelope', record([['kind', 'object'], ['description', at(7)], ['fields', record([['code', record([['type', 'string'], ['required', true]])], ['message', record([['type', 'string']])]])]])],
        [
          'Payloads',
          record([
            ['kind', 'object'],
            ['description', at(8)],
            ['notShown', at(9)],
            [
              'fields',
              record([
                ['kind_field', record([['type', 'Kind'], ['default', at(0)], ['description', at(10)]])],
                ...PAYLOADS.map((p, i) => [p, record([['type', i % 2 === 0 ? 'string' : 'Kind'], ['default', p], ['description', at(i + 1)], ['notShown', at(i + 2)]])] as const),
              ]),
            ],
            ['requiredWhen', [record([['when', record([['kind_field', at(1)]])], ['require', [at(2)]]])]],
            ['together', [[at(3), at(4)]]],
          ]),
        ],
        ['TokenRequest', record([['kind', 'object'], ['fields', record([['grant_type', record([['type', 'string']])], ['client_id', record([['type', 'string']])]])]])],
        ['TokenResponse', record([['kind', 'object'], ['fields', record([['access_token', record([['type', 'string'], ['required', true], ['secret', true]])]])]])],
      ]),
    ],
    [
      'webhooks',
      record([
        ['event', record([['header', 'X-Event']])],
        ['signature', 'signed'],
        ['signatures', record([['signed', record([['type', 'hmac'], ['description', at(1)], ['header', 'X-Sig'], ['algorithm', 'sha256'], ['encoding', 'hex'], ['prefix', at(2)], ['signed', `${BRACELESS[3] ?? ''}{body}`]])]])],
        ['events', record(PAYLOADS.map((p, i) => [p, record([['summary', at(i + 1)], ['description', at(i + 2)], ['payload', 'Envelope'], ['deprecated', at(i + 3)], ['headers', record([['X-Extra', record([['description', at(i + 4)]])]])]])]))],
      ]),
    ],
    [
      'endpoints',
      record([
        ['requestToken', record([['method', 'POST'], ['path', '/oauth/token'], ['host', 'api'], ['request', record([['body', 'TokenRequest']])], ['responses', record([['200', record([['body', 'TokenResponse']])]])]])],
        [
          'submit',
          record([
            ['summary', at(5)],
            ['description', at(6)],
            ['method', 'POST'],
            ['path', `/submit/${BRACELESS[2] ?? ''}/{id}`],
            ['host', 'api'],
            ['auth', 'none'],
            ['params', record([['id', record([['description', at(7)]])]])],
            ['request', record([['body', 'Payloads'], ['notShown', at(8)]])],
            ['responses', record([['200', record([['description', at(9)], ['body', 'Payloads'], ['notShown', at(10)]])], ['400', record([['description', at(11)], ['shape', 'envelope']])]])],
            ['quirks', [record([['id', 'odd'], ['when', record([['status', 418]])], ['hint', at(0)]])]],
          ]),
        ],
      ]),
    ],
  ]);
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  rmSync(MARKER, { force: true });
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), cwd: process.cwd() }, out, err };
}

function listFiles(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const [k, v] of listFiles(dir, rel)) files.set(k, v);
    else files.set(rel, readFileSync(join(dir, rel), 'utf8'));
  }
  return files;
}

function tsc(out: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [TSC, '--strict', '--noEmit', '-p', join(out, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** What the generated package exports that these tests use. */
interface Generated {
  readonly KIND_VALUES: readonly string[];
  readonly API_ERROR_CODES: readonly string[];
  decodeError(input: { host: string; status: number; body: unknown; endpoint?: string }): {
    code: string;
    known: boolean;
    category: string;
    fields: readonly { field: string; message: string }[];
    rules: readonly string[];
    hint?: string;
    policy?: { restrictions: readonly { name: string; liftedBy: string; note?: string }[] };
  };
  createClient(options: unknown): { submit(input: unknown): Promise<{ ok: boolean; error?: { code: string; category: string } }> };
}

interface Webhooks {
  signWebhook(type: string, payload: unknown, options: { secret: string }): Promise<{ body: string; headers: Record<string, string> }>;
  verifyWebhook(input: { body: string; headers: Record<string, string> }, options: { secret: string }): Promise<{ ok: true; event: { type: string; payload: unknown } } | { ok: false }>;
}

describe('a contract full of injection payloads', () => {
  let out = '';
  let files = new Map<string, string>();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-injection-'));
    temps.push(dir);
    const contract = join(dir, 'contract.yaml');
    writeFileSync(contract, toYaml(injectionContract()));
    out = join(dir, 'out');
    const run = capture();
    const code = await main(['generate', '--contract', contract, '--out', out], run.io);
    expect(code, run.err.join('\n')).toBe(0);
    files = listFiles(out);
  }, 120_000);

  it('compiles with TypeScript 5.9: tsc --strict --noEmit -p <out>/tsconfig.json', () => {
    const result = tsc(out);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
    expect(existsSync(MARKER), 'the marker file was written').toBe(false);
  }, 120_000);

  it('keeps every field name, enum value and code exactly in the sources', () => {
    const names = sourceNames(new Map([...files].filter(([p]) => p.startsWith('src/'))));
    for (const p of PAYLOADS) expect(names.strings.has(p), JSON.stringify(p)).toBe(true);
    expect(names.valueArrays).toContainEqual([...PAYLOADS]);
    expect(names.duplicates).toEqual([]);
  });

  it('loads, decodes and calls with every payload intact, and never runs one', async () => {
    const pkg = (await import(/* @vite-ignore */ pathToFileURL(join(out, 'dist', 'index.js')).href)) as Generated;
    expect([...pkg.KIND_VALUES]).toEqual([...PAYLOADS]);
    expect([...pkg.API_ERROR_CODES]).toEqual([...PAYLOADS]);
    PAYLOADS.forEach((p, i) => {
      const decoded = pkg.decodeError({ host: 'api', status: 400 + i, body: { code: p, message: at(i + 5) } });
      expect(decoded.code).toBe(p);
      expect(decoded.known).toBe(true);
      expect(decoded.category).toBe('bad');
      // The message is row (i + 5)'s example: that row names its field and gives its cause.
      const row = (i + 5) % PAYLOADS.length;
      expect(decoded.rules).toContain(`row${row}`);
      expect(decoded.fields).toContainEqual(expect.objectContaining({ field: `f${row}`, message: at(i + 5) }));
      expect(decoded.hint ?? '').toContain(at(row + 3));
    });
    const policy = pkg.decodeError({ host: 'api', status: 403, body: { code: 'x', message: 'quota exceeded' } }).policy;
    expect(policy?.restrictions.map((r) => [r.name, r.liftedBy, r.note])).toEqual(PAYLOADS.map((p, i) => [p, at(i + 1), at(i + 2)]));

    const requests: { url: string; body: string }[] = [];
    const client = pkg.createClient({
      environment: 'prod',
      servers: { base: 'https://api.example.test' },
      fetch: async (url: string, init: RequestInit) => {
        requests.push({ url, body: typeof init.body === 'string' ? init.body : '' });
        return new Response(JSON.stringify({ code: at(1), message: at(2) }), { status: 400, headers: { 'content-type': 'application/json' } });
      },
    });
    const body = Object.fromEntries(PAYLOADS.map((p) => [p, p]));
    const result = await client.submit({ id: at(3), body: { ...body, kind_field: at(0) } });
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe(at(1));
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ ...body, kind_field: at(0) });
    expect(decodeURIComponent(requests[0]?.url ?? '')).toContain(at(3));
    const webhooks = (await import(/* @vite-ignore */ pathToFileURL(join(out, 'dist', 'webhooks.js')).href)) as Webhooks;
    for (const p of PAYLOADS) {
      const signed = await webhooks.signWebhook(p, { code: p }, { secret: at(4) });
      expect(signed.headers['x-event']).toBe(p);
      expect(signed.headers['x-sig']?.startsWith(at(2))).toBe(true);
      const read = await webhooks.verifyWebhook(signed, { secret: at(4) });
      expect(read.ok && [read.event.type, read.event.payload]).toEqual([p, { code: p }]);
    }
    expect(existsSync(MARKER), 'the marker file was written').toBe(false);
  }, 60_000);

  it('never wrote the marker', () => {
    expect(existsSync(MARKER)).toBe(false);
  });

  it('holds no bidirectional, zero-width or control character raw in any file: sources, dist, README, openapi.yaml, mocks', () => {
    for (const path of ['README.md', 'openapi.yaml', 'package.json', 'mocks/fixtures.json', 'src/types.ts', 'dist/tables.js', 'src/webhooks.ts']) expect([...files.keys()]).toContain(path);
    expect(rawInvisible(files)).toEqual([]);
    // They are there, escaped: in a string as `\u202e`, in a comment and the README shown so.
    expect(files.get('src/types.ts')).toContain('\\u202e');
    expect(files.get('openapi.yaml')).toContain('\\u2067');
  });
});

describe('a fixture contract with bidirectional and zero-width text (test/fixtures/hidden-text)', () => {
  it('renders no file that holds one raw', async () => {
    const contract = 'test/fixtures/hidden-text/contract.yaml';
    const outcome = await render(contract, readFileSync(contract, 'utf8'));
    if (outcome.kind !== 'files') throw new Error(`render failed: ${outcome.kind}`);
    expect(outcome.files.size).toBeGreaterThan(20);
    expect(rawInvisible(outcome.files)).toEqual([]);
  });
});

// The contract's file name goes into every generated file's first line, a `//` comment: a U+2028
// or U+2029 in it ends that comment in JavaScript and TypeScript, a U+202E makes it read backwards.
describe('a contract file name with line separators or a bidirectional control', () => {
  const SEPARATORS = ['\u2028', '\u2029', '\u202e'];
  const name = (separator: string) => `U+${separator.charCodeAt(0).toString(16).toUpperCase()}`;
  let dir = '';
  const outOf = (separator: string) => join(dir, name(separator), 'out');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'contractgen-injection-'));
    temps.push(dir);
    for (const separator of SEPARATORS) {
      mkdirSync(join(dir, name(separator), 'in'), { recursive: true });
      const contract = join(dir, name(separator), 'in', `orders${separator}globalThis.PWNED = 1${separator}.yaml`);
      writeFileSync(contract, readFileSync('test/fixtures/problem-json/contract.yaml', 'utf8'));
      const run = capture();
      const code = await main(['generate', '--contract', contract, '--out', outOf(separator)], run.io);
      if (code !== 0) throw new Error(run.err.join('\n'));
    }
    // The three packages in one program: the compiler reads its libraries once.
    const { compilerOptions } = JSON.parse(readFileSync(join(outOf(SEPARATORS[0] ?? ''), 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    const { rootDir: _rootDir, outDir: _outDir, declaration: _declaration, declarationMap: _declarationMap, ...options } = compilerOptions;
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...options, noEmit: true }, include: ['*/out/src/**/*.ts'] }));
  }, 120_000);

  it('every such package compiles', () => {
    const result = tsc(dir);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  for (const separator of SEPARATORS) {
    it(`${name(separator)} in the file name: the package loads, runs nothing, and shows no raw invisible character`, async () => {
      const out = outOf(separator);
      expect(readFileSync(join(out, 'dist', 'index.js'), 'utf8').split('\n')[0]).toContain('globalThis.PWNED');
      await import(/* @vite-ignore */ pathToFileURL(join(out, 'dist', 'index.js')).href);
      expect((globalThis as { PWNED?: unknown }).PWNED).toBeUndefined();
      expect(rawInvisible(listFiles(out))).toEqual([]);
    });
  }
});
