/**
 * Contract text in every format the tool prints it in (generator/escape.ts). The review of
 * `contractgen diff` is posted on pull requests anyone can open: a contract pair whose names,
 * enum values, error codes, defaults, hints, versions and file names carry HTML, comment openers,
 * `@mentions`, forged headings, table pipes, backticks, workflow commands, terminal escape
 * sequences and bidirectional controls is reviewed in all four formats, and each output is held to
 * what its format must never hold: the markdown, rendered with a Markdown parser (marked, GFM), has
 * no HTML, heading, link or mention the template did not write; the text has no control
 * character; the GitHub annotations are one line per finding; the JSON is the review. Diagnostics
 * on a terminal follow the text rule, and `--base <ref>` can never be read by git as an option.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked } from 'marked';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { loadContractText } from '../generator/contract.js';
import { diagnostic, formatDiagnostic } from '../generator/diagnostics.js';
import { formatReview } from '../generator/diff/report.js';
import { review, type ApiChange, type Review } from '../generator/diff/review.js';
import { LEVELS, type Level } from '../generator/diff/rules.js';
import { readmeFiles } from '../generator/emit/readme.js';
import { OUTPUTS } from '../generator/emit/outputs.js';
import { visibleText } from '../generator/escape.js';
import type { Contract } from '../generator/model/types.js';
import { DIFF_RULES } from './support/corpus.js';
import { RAW_INVISIBLE } from './support/invisible.js';
import { toYaml, type Json } from './support/arbitrary-contract.js';
import { quickStartOf } from './support/quick-start.js';


const HOSTILE: readonly string[] = [
  '<!--',
  '</details>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '@octocat',
  '\n# No breaking changes\n',
  '\r\n## Contract review: 1.0.0 → 1.0.0\r',
  '| forged | row |',
  '`one` ``two`` ```three',
  '` starts and ends `',
  'ends in a backslash \\',
  '\u001b[2J\u001b[31mred\u001b[0m',
  '\u009b31mC1',
  'abc\u202edcba\u2066x\u2069 \u202a\u202b\u202c\u202d \u2067\u2068 \u200e\u200f\u061c',
  'zero\u200bwidth\u200c\u200d\u2060\ufeff',
  'line\u2028para\u2029end',
  '\r\n::error title=forged::forged',
  '%0A::warning::forged',
  'see https://evil.example and www.evil.example',
  '&lt;entity&gt; &amp; &#64;octocat',
  ':smile: #123 **bold** _em_ [link](https://evil.example) ![img](x)',
  '---',
  '=====',
];

const OLD_FILE = 'old <img src=x>\u202e|,:: \n# h1.yaml';
const NEW_FILE = 'new\u001b[2J %0A::error::x, y:z.yaml';

function record(entries: readonly (readonly [string, Json])[]): { [key: string]: Json } {
  return Object.fromEntries(entries) as { [key: string]: Json };
}

/** One side of the pair: the old one holds every hostile text, the new one holds it changed or not at all. */
function side(old: boolean): Json {
  const mark = (h: string) => (old ? h : `${h} (new)`);
  return record([
    ['contractgen', 1],
    ['info', record([['title', 'Hostile API'], ['version', old ? '1.0.0<!--' : '</details>\n# No breaking changes\n@octocat \u001b[2J\u202e'], ['package', 'hostile-client']])],
    ['servers', record([['base', record([['description', 'Base address.']])]])],
    [
      'hosts',
      record([
        [
          'api',
          record([
            ['url', '{base}'],
            ['errors', record([['shapes', ['envelope']], ['codes', record([['shape', 'envelope'], ['open', false], ['rows', [record([['status', 400], ['code', 'plain']]), ...(old ? HOSTILE.map((h, i) => record([['status', 401 + i], ['code', h]])) : [])]]])]])],
          ]),
        ],
      ]),
    ],
    ['shapes', record([['envelope', record([['match', record([['present', ['code']]])], ['read', record([['code', 'code'], ['message', 'message']])]])]])],
    ['categories', record([['bad', record([['description', 'Bad input.']])], ['server', record([['description', 'Server failed.'], ['retryable', true]])]])],
    ['statusCategories', record([['4XX', 'bad'], ['5XX', 'server']])],
    [
      'types',
      record([
        ['Kind', record([['kind', 'enum'], ['values', ['plain', ...HOSTILE.map(mark)]]])],
        ['Order', record([['kind', 'object'], ['fields', record([['kind', record([['type', 'Kind'], ['required', true]])], ...HOSTILE.map((h) => [mark(h), record([['type', 'string'], ['default', h]])] as const)])]])],
      ]),
    ],
    [
      'endpoints',
      record([
        [
          'submit',
          record([
            ['method', 'POST'],
            ['path', '/submit'],
            ['host', 'api'],
            ['request', record([['body', 'Order']])],
            ['responses', record([['200', record([['body', 'Order']])]])],
            ['quirks', [record([['id', 'odd'], ['when', record([['status', 418]])], ['hint', old ? HOSTILE.join(' ') : [...HOSTILE].reverse().join(' ')]])]],
          ]),
        ],
        [
          'watch',
          record([
            ['method', 'GET'],
            ['path', '/watch'],
            ['host', 'api'],
            // An event renamed and the error event changed: stream text in a subject and in values (few rows: this markdown is near 65,536 characters).
            ['responses', record([['200', record([['stream', record([['format', 'sse'], ['events', record([[old ? '<!--' : '</details>', 'Order']])], ['error', old ? '\n# No breaking changes\n' : '| forged | row |']])]])]])],
          ]),
        ],
      ]),
    ],
  ]);
}

function load(file: string, doc: Json): Contract {
  const result = loadContractText(file, toYaml(doc));
  if (!result.ok) throw new Error(`${JSON.stringify(file)} does not load: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.contract;
}

/** Export names are identifiers in a real package; the report must not count on it. */
const API: readonly ApiChange[] = [
  { export: '<!--', change: 'added', role: 'output', bump: 'minor', reason: 'an export was added', after: 'x' },
  { export: '@octocat|`x`\n# No breaking changes', change: 'removed', role: 'input', bump: 'major', reason: 'an export was removed', before: 'y' },
  { export: '\u001b[2J\u202eevil', change: 'changed', role: 'both', bump: 'major', reason: 'a union changed', before: 'a', after: 'b' },
  { export: 'Order', member: '["<script>|`x`\u202e"]', change: 'added', role: 'output', bump: 'minor', reason: 'an optional member was added', after: 'c' },
];

const hostileReview: Review = review(load(OLD_FILE, side(true)), load(NEW_FILE, side(false)), API);

/** The contract text the review holds, as every format shows it (escaped, on one line). */
const SHOWN = HOSTILE.map(visibleText);

const decodeHtml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('the hostile pair', () => {
  it('is reviewed with findings on every kind of element the payloads sit in', () => {
    const rules = new Set(hostileReview.findings.map((f) => f.rule));
    for (const rule of ['info-version-changed', 'error-code-removed-closed', 'request-enum-value-removed', 'response-enum-value-added-closed', 'request-field-removed', 'response-field-added', 'quirk-changed', 'stream-event-removed', 'stream-event-added', 'stream-error-event-changed']) expect(rules).toContain(rule);
    // Each hostile text is named by a finding as contract text, never taken for the tool's own words.
    for (const h of HOSTILE) expect(hostileReview.findings.some((f) => f.parts.some((p) => p.contract === true && p.text === h)), JSON.stringify(h)).toBe(true);
  });

  it("the tool's own words in a finding hold nothing of the contract's", () => {
    const own = hostileReview.findings.flatMap((f) => f.parts.filter((p) => p.contract !== true).map((p) => p.text));
    for (const marker of ['<', '>', '@', '`', '|', '#', '%', '\\', 'octocat', 'evil', 'forged', 'backslash']) expect(own.filter((t) => t.includes(marker)), marker).toEqual([]);
    expect(own.filter((t) => RAW_INVISIBLE.test(t) || t.includes('\n'))).toEqual([]);
  });

  it('every message is its parts joined', () => {
    for (const f of hostileReview.findings) expect(f.message).toBe(f.parts.map((p) => p.text).join(''));
  });
});

describe("the tool's own words are plain text in every format", () => {
  // What makes escaping only the contract's parts sufficient: the rest can start no markup.
  it.each(DIFF_RULES)('%s', (rule) => {
    const [before, after] = ['old', 'new'].map((s) => {
      const file = `test/diff/${rule}/${s}.yaml`;
      const result = loadContractText(file, readFileSync(file, 'utf8'));
      if (!result.ok) throw new Error(`${file} does not load`);
      return result.contract;
    });
    if (before === undefined || after === undefined) throw new Error(rule);
    for (const f of review(before, after, []).findings) {
      for (const p of f.parts.filter((x) => x.contract !== true)) expect(p.text, `${rule}: ${f.message}`).toMatch(/^[\w .,:;'"(){}→+/=-]*$/);
    }
  });
});

describe('markdown', () => {
  const md = formatReview(hostileReview, 'markdown');
  const html = marked.parse(md, { async: false, gfm: true }) as string;

  it('renders no HTML but the tables, headings, code and folds the template writes, none with attributes', () => {
    const allowed = new Set(['h2', 'h3', 'h4', 'p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'details', 'summary']);
    const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)];
    expect(tags.length).toBeGreaterThan(50);
    for (const [tag, name = '', attributes = ''] of tags) {
      expect(allowed.has(name.toLowerCase()), tag).toBe(true);
      expect(attributes.trim(), tag).toBe('');
    }
    // In the source, `<!--` stands only inside code spans, which Markdown shows as written.
    expect(html).not.toContain('<!--');
    // A fold per level but breaking, and the public API's, each opened and closed once.
    const folds = LEVELS.filter((l) => l !== 'breaking' && hostileReview.summary[l] > 0).length + 1;
    expect(html.match(/<details>/g)).toHaveLength(folds);
    expect(html.match(/<\/details>/g)).toHaveLength(folds);
  });

  it('has only the headings the template writes', () => {
    const headings = [...html.matchAll(/<h(\d)>([\s\S]*?)<\/h\1>/g)].map(([, level, text]) => `h${level} ${(text ?? '').replace(/<code>[\s\S]*?<\/code>/g, 'CODE')}`);
    const groups = (level: Level) => new Set(hostileReview.findings.filter((f) => f.level === level).map((f) => f.operation?.id)).size;
    expect(headings.filter((h) => !h.startsWith('h4'))).toEqual(['h2 Contract review: CODE → CODE', 'h3 🔴 Breaking (' + String(hostileReview.summary.breaking) + ')']);
    expect(headings.filter((h) => h.startsWith('h4'))).toHaveLength(LEVELS.reduce((n, l) => n + groups(l), 0));
    for (const h of headings.filter((x) => x.startsWith('h4'))) expect(h).toMatch(/^h4 (CODE \([A-Z]+ CODE\)|Types, auth and the API as a whole)$/);
    // In the source too: every line that could start a heading is one of the template's.
    const template = /^(## Contract review: .*|### 🔴 Breaking \(\d+\)|#### (`[^`\n]+` \([A-Z]+ `[^`\n]+`\)|Types, auth and the API as a whole))$/;
    for (const line of md.split('\n').filter((l) => /^ {0,3}#/.test(l))) expect(line).toMatch(template);
  });

  it('mentions, links, references and emphasis exist only inside code spans', () => {
    const outside = html.replace(/<code>[\s\S]*?<\/code>/g, '');
    expect(outside).not.toMatch(/@\w/);
    expect(outside).not.toMatch(/https?:|www\.|evil|octocat|#123|:smile:/);
    expect(outside).not.toMatch(/<(a|img|em|script|del|h1|hr)\b/);
  });

  it('each table has a row per finding (or export), with its five (or four) cells', () => {
    expect(md.split('\n').filter((l) => /^\| `[a-z-]+` \| /.test(l))).toHaveLength(hostileReview.findings.length);
    const tables = [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map(([, body]) => (body ?? '').match(/<tr>[\s\S]*?<\/tr>/g) ?? []);
    // A table per operation of each level, then the API's: a header row each, then a row per finding (export).
    const findingTables = tables.slice(0, -1);
    expect(findingTables.reduce((n, rows) => n + rows.length - 1, 0)).toBe(hostileReview.findings.length);
    expect(tables.at(-1)).toHaveLength(1 + API.length);
    findingTables.forEach((rows) => {
      for (const row of rows) expect(row.match(/<t[dh]>/g), row).toHaveLength(5);
    });
    for (const row of tables.at(-1) ?? []) expect(row.match(/<t[dh]>/g), row).toHaveLength(4);
  });

  it('shows every hostile text exactly, escaped, in a code span', () => {
    const codes = new Set([...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map(([, text]) => decodeHtml(text ?? '')));
    for (const shown of SHOWN) expect(codes.has(shown), shown).toBe(true);
    for (const a of API) expect([...codes].some((c) => c.startsWith(visibleText(a.export)) && c.endsWith(visibleText(a.member ?? ''))), a.export).toBe(true);
  });

  it('holds no raw control, separator, bidirectional or zero-width character', () => {
    expect(md).not.toMatch(RAW_INVISIBLE);
    expect(md).not.toContain('\r');
  });
});

describe('text', () => {
  const text = formatReview(hostileReview, 'text');

  it('holds no control character but line feeds: no escape sequence, no bidirectional or zero-width character', () => {
    expect(text).not.toMatch(RAW_INVISIBLE);
    expect(text).not.toContain('\u001b');
  });

  it('has exactly its own lines: a header, the summary, each level, each operation of it, a line per finding and its location, the API', () => {
    const lines = text.trimEnd().split('\n');
    const levels = LEVELS.filter((l) => hostileReview.findings.some((f) => f.level === l));
    const groups = levels.reduce((n, l) => n + new Set(hostileReview.findings.filter((f) => f.level === l).map((f) => f.operation?.id)).size, 0);
    const located = hostileReview.findings.filter((f) => f.old !== undefined || f.new !== undefined).length;
    expect(lines).toHaveLength(2 + 2 * levels.length + groups + hostileReview.findings.length + located + 2 + API.length);
    expect(lines.filter((l) => /^ {4}[a-z]+(-[a-z]+)*: /.test(l))).toHaveLength(hostileReview.findings.length);
    for (const shown of SHOWN) expect(text).toContain(shown);
  });
});

describe('github', () => {
  const out = formatReview(hostileReview, 'github');

  it('is one workflow command per finding and the summary, each on its own line', () => {
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(hostileReview.findings.length + 1);
    expect(out).not.toContain('\r');
    for (const line of lines) {
      // The runner ends the properties at the first `::` after the command's name.
      const m = /^::(error|warning|notice) (?:file=([^,:]*),line=\d+,col=\d+,)?title=([a-z -]+(?: \(\w+\))?)::(.*)$/.exec(line);
      expect(m, line).not.toBeNull();
      expect(line.indexOf('::', 2), line).toBe(line.indexOf(`title=${m?.[3] ?? ''}::`) + `title=${m?.[3] ?? ''}`.length);
      expect(m?.[4] ?? '', line).not.toMatch(RAW_INVISIBLE);
    }
  });

  it('decodes to the message with the contract text shown escaped', () => {
    const decode = (s: string) => s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
    // Breaking first, each level operation by operation, as the markdown reads.
    const lines = out.trimEnd().split('\n');
    const ordered = LEVELS.flatMap((l) => {
      const list = hostileReview.findings.filter((f) => f.level === l);
      const ids = [...new Set(list.map((f) => f.operation?.id))].sort((a, b) => (a === undefined ? 1 : b === undefined ? -1 : a.localeCompare(b)));
      return ids.flatMap((id) => list.filter((f) => f.operation?.id === id));
    });
    ordered.forEach((f, i) => {
      const line = lines[i] ?? '';
      expect(decode(line.slice(line.indexOf('::', 2) + 2))).toBe(f.parts.map((p) => (p.contract === true ? visibleText(p.text) : p.text)).join(''));
      const file = /file=([^,]*),/.exec(line)?.[1];
      expect(decode(file ?? ''), line).toBe(visibleText((f.new ?? f.old)?.file ?? ''));
    });
  });
});

describe('json', () => {
  const out = formatReview(hostileReview, 'json');

  it('parses back to the review, and holds no raw invisible character', () => {
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(hostileReview)));
    expect(out).not.toMatch(RAW_INVISIBLE);
  });
});

describe('the CLI prints the same formats', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('`contractgen diff` prints them: no control character, no HTML, no heading but its own', async () => {
    writeFileSync(join(dir, 'old.yaml'), toYaml(side(true)));
    writeFileSync(join(dir, 'new.yaml'), toYaml(side(false)));
    const { breaking } = hostileReview.summary;
    for (const format of ['markdown', 'text', 'github']) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['diff', 'old.yaml', 'new.yaml', '--no-api', '--format', format], { out: (l) => out.push(l), err: (l) => err.push(l), cwd: dir });
      expect(err.join('\n')).toBe('');
      expect(code).toBe(0);
      const text = out.join('\n');
      expect(text).not.toMatch(RAW_INVISIBLE);
      if (format !== 'markdown') continue;
      const html = marked.parse(text, { async: false, gfm: true }) as string;
      expect(html).not.toMatch(/<!--|<(a|img|script|h1|hr)\b/);
      // The review's heading, the open breaking level's, and one per operation group (h4) of each level.
      expect([...html.matchAll(/<h(\d)>/g)].map(([tag]) => tag).filter((t) => t !== '<h4>')).toEqual(['<h2>', ...(breaking > 0 ? ['<h3>'] : [])]);
    }
  });
});

describe("the generated package's README", () => {
  const withInfo = (title: string, version: string) => {
    const text = readFileSync('test/fixtures/problem-json/contract.yaml', 'utf8').replace('  title: Inventory API\n  version: 2.3.0\n', `  title: ${JSON.stringify(title)}\n  version: ${JSON.stringify(version)}\n`);
    const result = loadContractText('contract.yaml', text);
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
    return marked.parse(readmeFiles(result.contract, OUTPUTS)[0]?.text ?? '', { async: false, gfm: true }) as string;
  };

  it('quotes the title and version by the Markdown rule: no heading, HTML, link or mention of theirs', () => {
    const plain = withInfo('Inventory API', '2.3.0');
    const hostile = withInfo('</details>\n# Forged @octocat <img src=x onerror=alert(1)> https://evil.example', '<!-- 1.0 \u202e');
    const headings = (html: string) => [...html.matchAll(/<h(\d)>([\s\S]*?)<\/h\1>/g)].map(([, level, text]) => `h${level} ${level === '1' ? '' : (text ?? '')}`);
    expect(headings(hostile)).toEqual(headings(plain));
    const outside = hostile.replace(/<code>[\s\S]*?<\/code>/g, '');
    expect(outside).not.toMatch(/<!--|<img|<details|<\/details|octocat|evil|Forged/);
    expect(hostile).not.toMatch(RAW_INVISIBLE);
    expect(hostile).toContain('<code>&lt;!-- 1.0 \\u202e</code>');
  });
});

describe("the generated package's README: the quick start, the error categories, the index of operations", () => {
  const FORGED = '</details>\n# Forged @octocat <img src=x onerror=alert(1)> https://evil.example \u202e';
  // Text that would end a code block, a string literal or the program if printed raw; on one line and on several.
  const EXAMPLE = "x```\n# Heading\n```'); process.exit(1); // \u202e\u0007 `${1}`";
  const ONE_LINE = "o```'); process.exit(1); ('\u202e\u0007 `${1}`";
  const contract = (forged: string, example: string) => {
    const text = readFileSync('test/fixtures/problem-json/contract.yaml', 'utf8')
      .replace('    summary: List items.\n    method: GET\n    path: /items\n', `    summary: ${JSON.stringify(forged)}\n    method: GET\n    path: ${JSON.stringify(`/items/${forged.replace(/\n/g, ' ')}`)}\n    params:\n      q: { in: query, required: true, example: ${JSON.stringify(example)} }\n`)
      .replace('    summary: Read one item.\n', `    description: ${JSON.stringify(`${forged}. More.`)}\n`)
      // The quick start's call (the path with the most operations on it): its parameter's example too.
      .replace("      sku: { description: The item's code. }\n    responses:\n      \"200\": { body: Item }", `      sku: { description: The item's code., example: ${JSON.stringify(example)} }\n    responses:\n      "200": { body: Item }`)
      .replace('  missing: { description: Nothing there. }', `  missing: { description: ${JSON.stringify(forged)} }`);
    const result = loadContractText('contract.yaml', text);
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
    return readmeFiles(result.contract, OUTPUTS)[0]?.text ?? '';
  };
  const html = (markdown: string) => marked.parse(markdown, { async: false, gfm: true }) as string;
  const headings = (text: string) => [...text.matchAll(/<h(\d)>/g)].map(([tag]) => tag);

  it('quotes summaries, descriptions, paths and category descriptions: no heading, HTML, link or mention of theirs', () => {
    const plain = html(contract('List items.', 'x'));
    const hostile = html(contract(FORGED, EXAMPLE));
    expect(headings(hostile)).toEqual(headings(plain));
    // Outside code spans and blocks, nothing of the contract's.
    const outside = hostile.replace(/<code[^>]*>[\s\S]*?<\/code>/g, '');
    expect(outside).not.toMatch(/<!--|<img|<details|<\/details|octocat|evil|Forged|Heading/);
    expect(hostile).not.toMatch(RAW_INVISIBLE);
    expect(hostile).toContain('<code>GET /items/&lt;/details&gt; # Forged @octocat &lt;img src=x onerror=alert(1)&gt; https://evil.example \\u202e</code>');
  });

  it.each([
    ['on several lines', EXAMPLE],
    ['on one line', ONE_LINE],
  ])('writes an example value in the quick start as one string literal, %s: the program and its code block stay whole', (_, example) => {
    const readme = contract('List items.', example);
    const blocks = [...html(readme).matchAll(/<pre><code class="language-ts">([\s\S]*?)<\/code><\/pre>/g)].map((m) => m[1] ?? '');
    const code = quickStartOf(readme);
    // The block marked renders is the whole program.
    expect(blocks[0]?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toBe(code);
    const source = ts.createSourceFile('quick-start.ts', code, ts.ScriptTarget.ES2022, true);
    const literals: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node)) literals.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(literals).toContain(example);
    const { ImportDeclaration, VariableStatement, IfStatement } = ts.SyntaxKind;
    expect(source.statements.map((s) => s.kind)).toEqual([ImportDeclaration, VariableStatement, VariableStatement, IfStatement]);
    expect(code).not.toMatch(RAW_INVISIBLE);
  });
});

describe('diagnostics on a terminal', () => {
  it('show escape sequences, bidirectional and zero-width characters escaped, with the caret under the right character', () => {
    const source = 'types:\n  "\u001b[2J\u202e\u200b": 1\n';
    const col = source.split('\n')[1]?.indexOf('1') ?? 0;
    const text = formatDiagnostic(diagnostic('unknown-key', 'c\u001b]0;title\u0007.yaml', { line: 2, col: col + 1 }, 'key "\u001b[2J\u202e\u200b" is odd\nsecond line'), source);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(text.replace(/\n/g, '')).not.toMatch(RAW_INVISIBLE);
    expect(lines[0]).toBe('c\\u001b]0;title\\u0007.yaml:2:' + String(col + 1) + ': key "\\u001b[2J\\u202e\\u200b" is odd\\nsecond line [unknown-key]');
    const [frame = '', caret = ''] = lines.slice(1);
    expect(frame.charAt(caret.indexOf('^'))).toBe('1');
  });

  it('`contractgen validate` of a contract with such a key prints none raw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-report-'));
    try {
      const text = readFileSync('test/fixtures/problem-json/contract.yaml', 'utf8').replace('  Item:\n', '  "Item\\e[2J\\u202e\\u0007":\n');
      writeFileSync(join(dir, 'contract.yaml'), text);
      const err: string[] = [];
      const code = await main(['validate', 'contract.yaml'], { out: () => undefined, err: (l) => err.push(l), cwd: dir });
      expect(code).toBe(1);
      expect(err.join('\n')).toContain('Item\\u001b[2J\\u202e\\u0007');
      expect(err.join('\n').replace(/\n/g, '')).not.toMatch(RAW_INVISIBLE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--base <ref> is never an option of git', () => {
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-base-')));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Base Test', '-c', 'user.email=base@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe', encoding: 'utf8' });
  const marker = join(repo, 'PWNED');
  const run = async (...argv: string[]) => {
    const err: string[] = [];
    const out: string[] = [];
    const code = await main(['diff', ...argv, '--no-api'], { out: (l) => out.push(l), err: (l) => err.push(l), cwd: repo });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('a ref that reads as an option of git show, rev-parse or the pager is refused as a ref, and runs nothing', async () => {
    git('init', '-q');
    writeFileSync(join(repo, 'contract.yaml'), readFileSync('test/diff/endpoint-removed/old.yaml', 'utf8'));
    git('add', 'contract.yaml');
    git('commit', '-q', '-m', 'contract');
    for (const ref of [`--output=${marker}`, `-o${marker}`, `--output=${marker}:x`, '--textconv', `-c core.pager=touch ${marker}`, '--ext-diff', `--upload-pack=touch ${marker}`, '--all']) {
      for (const argv of [['--base', ref], [`--base=${ref}`]]) {
        const result = await run(...argv, 'contract.yaml');
        expect(existsSync(marker), argv.join(' ')).toBe(false);
        expect(existsSync(`${marker}:contract.yaml`), `${argv.join(' ')}: git show wrote a file`).toBe(false);
        expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(1);
        expect(result.out).toBe('');
        expect(result.err).toContain(`cannot read contract.yaml at ${ref} from git`);
      }
    }
  });

  it('a ref naming a commit still works, by name or by id', async () => {
    const id = git('rev-parse', 'HEAD').trim();
    for (const ref of ['HEAD', id, 'HEAD~0', `${id.slice(0, 12)}`]) {
      const result = await run('--base', ref, 'contract.yaml');
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      expect(result.out).toContain(`contractgen diff ${ref}:contract.yaml`);
    }
  });

  it('a ref that names no commit (a tree, a blob) is refused', async () => {
    const result = await run('--base', 'HEAD^{tree}', 'contract.yaml');
    expect(result.code).toBe(1);
    expect(result.err).toContain('cannot read contract.yaml at HEAD^{tree} from git');
  });
});
