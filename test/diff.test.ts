/**
 * `contractgen diff`: one fixture pair per classification rule (test/diff/<rule-id>/{old,new}.yaml,
 * expected.json), messages and locations, the output formats (a markdown golden with the public
 * API section, JSON against docs/diff-report.schema.json, GitHub annotations), exit codes, --base
 * in a temporary git repository, --rules and the recommended bump.
 *
 * Every pair but the markdown golden runs without the API diff (`review(..., [])`, `--no-api`):
 * the API diff renders both packages and takes seconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { loadContract, loadContractText } from '../generator/contract.js';
import { loadInput } from '../generator/input.js';
import { formatDiagnostic } from '../generator/diagnostics.js';
import { formatReview, MARKDOWN_LIMIT } from '../generator/diff/report.js';
import { review, type Finding, type Review } from '../generator/diff/review.js';
import { LEVELS, RULES, type Level } from '../generator/diff/rules.js';
import type { Contract, SourceLocation } from '../generator/model/types.js';

type AjvClass = typeof Ajv2020Module.default;
// ajv is CommonJS: under Node's ESM interop the class is the module itself.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAIRS = readdirSync(join(ROOT, 'test/diff'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

interface Expected {
  readonly rule: string;
  readonly level: Level;
  readonly wire: Level;
  readonly source: Level;
}

interface Pair {
  readonly oldFile: string;
  readonly newFile: string;
  readonly before: Contract;
  readonly after: Contract;
  readonly review: Review;
}

const oldOf = (id: string) => `test/diff/${id}/old.yaml`;
const newOf = (id: string) => `test/diff/${id}/new.yaml`;

/** A contract by its path relative to the repository root, which is also the name locations carry. */
function load(file: string): Contract {
  const result = loadContract(join(ROOT, file), file);
  if (!result.ok) throw new Error(`${file} does not load:\n${result.diagnostics.map((d) => formatDiagnostic(d, result.source)).join('\n')}`);
  return result.contract;
}

const pairs = new Map<string, Pair>();
function pair(id: string): Pair {
  let p = pairs.get(id);
  if (p === undefined) {
    const before = load(oldOf(id));
    const after = load(newOf(id));
    p = { oldFile: oldOf(id), newFile: newOf(id), before, after, review: review(before, after, []) };
    pairs.set(id, p);
  }
  return p;
}

const brief = (f: Finding | Expected): Expected => ({ rule: f.rule, level: f.level, wire: f.wire, source: f.source });

function expected(id: string): Expected[] {
  return JSON.parse(readFileSync(join(ROOT, 'test/diff', id, 'expected.json'), 'utf8')) as Expected[];
}

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

async function run(argv: readonly string[], cwd: string = ROOT): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line), cwd });
  return { code, out: out.length === 0 ? '' : `${out.join('\n')}\n`, err: err.join('\n') };
}

const diff = (id: string, ...options: string[]) => run(['diff', oldOf(id), newOf(id), '--no-api', ...options]);

describe('success statuses', () => {
  const text = readFileSync(join(ROOT, oldOf('success-status-added')), 'utf8');
  const withNote = (responses: string) => text.replace('      "200":\n        body: string\n        contentType: text/plain\n  deleteDocument:', `${responses}\n  deleteDocument:`);
  const rulesOf = (before: string, after: string) => {
    const [a, b] = [before, after].map((responses, i) => {
      const result = loadContractText(`v${i}.yaml`, withNote(responses));
      if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
      return result.contract;
    });
    return review(a as Contract, b as Contract, []).findings.map((f) => f.rule).filter((r) => r.startsWith('success-status'));
  };
  const note = (status: string) => `      "${status}":\n        body: string\n        contentType: text/plain`;

  it('a status a class or default already covered is no news to deployed clients; one they never accepted is', () => {
    expect(rulesOf(note('2XX'), `${note('2XX')}\n${note('201')}`)).toEqual([]);
    // Beside a listed success, default describes the errors: the default success is gone, the 201 was covered.
    expect(rulesOf(note('default'), `${note('default')}\n${note('201')}`)).toEqual(['success-status-removed']);
    expect(rulesOf(note('200'), `${note('200')}\n${note('2XX')}`)).toEqual(['success-status-added']);
    // 200 is still a success under the default that replaces it: only the wider acceptance is news.
    expect(rulesOf(note('200'), note('default'))).toEqual(['success-status-added']);
    expect(rulesOf(`${note('200')}\n${note('201')}`, note('200'))).toEqual(['success-status-removed']);
  });
});

/** Findings without a message or a location, or located outside their file or on blank space. */
function locationProblems(r: Review, oldFile: string, newFile: string): string[] {
  const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n');
  const oldLines = lines(oldFile);
  const newLines = lines(newFile);
  const problems: string[] = [];
  const check = (f: Finding, loc: SourceLocation | undefined, file: string, text: readonly string[]) => {
    if (loc === undefined) return;
    const at = `${f.rule}: ${loc.file}:${loc.line}:${loc.col}`;
    if (loc.file !== file) problems.push(`${at} is not in ${file}`);
    const line = text[loc.line - 1];
    if (!Number.isInteger(loc.line) || loc.line < 1 || line === undefined) problems.push(`${at}: no such line`);
    else if (!Number.isInteger(loc.col) || loc.col < 1 || loc.col > line.length) problems.push(`${at}: no such column`);
    else if (line.charAt(loc.col - 1).trim() === '') problems.push(`${at}: points at blank space`);
  };
  for (const f of r.findings) {
    if (f.message.trim() === '') problems.push(`${f.rule}: empty message`);
    if (f.old === undefined && f.new === undefined) problems.push(`${f.rule}: no location`);
    check(f, f.old, oldFile, oldLines);
    check(f, f.new, newFile, newLines);
  }
  return problems;
}

describe('a fixture pair per rule', () => {
  it('every rule has a fixture directory, and every fixture directory names a rule', () => {
    const ids = RULES.map((r) => r.id).sort();
    expect(new Set(ids).size).toBe(ids.length);
    expect(PAIRS).toEqual(ids);
  });

  describe.each(PAIRS)('%s', (id) => {
    it('gives the expected findings, its own rule among them', () => {
      const want = expected(id);
      const got = pair(id).review.findings.map(brief);
      expect(got).toEqual(want);
      expect(want.map((f) => f.rule)).toContain(id);
      expect(got.map((f) => f.rule)).toContain(id);
    });

    it('expected.json agrees with the rule table and is sorted as the tool sorts', () => {
      const want = expected(id);
      for (const f of want) {
        const rule = RULES.find((r) => r.id === f.rule);
        expect(rule, f.rule).toBeDefined();
        expect(brief(f)).toEqual({ rule: f.rule, level: rule?.level, wire: rule?.wire, source: rule?.source });
      }
      const rank = (f: Expected) => LEVELS.indexOf(f.level);
      expect(want).toEqual([...want].sort((a, b) => rank(a) - rank(b) || a.rule.localeCompare(b.rule)));
    });

    it('every finding has a message and a location inside the right file', () => {
      const { oldFile, newFile, review: r } = pair(id);
      expect(r.findings.length).toBeGreaterThan(0);
      expect(locationProblems(r, oldFile, newFile)).toEqual([]);
    });

    it('every message reads "Subject: description (before → after)", with before ≠ after', () => {
      const problems: string[] = [];
      for (const f of pair(id).review.findings) {
        const description = RULES.find((r) => r.id === f.rule)?.description ?? '';
        const at = f.message.indexOf(`: ${description}`);
        if (at <= 0) {
          problems.push(`${f.rule}: '${f.message}' lacks its subject or the rule's description`);
          continue;
        }
        const values = f.message.slice(at + 2 + description.length);
        if (values === '') continue;
        const m = /^ \((.*) → (.*)\)$/s.exec(values);
        if (m === null) problems.push(`${f.rule}: '${values}' is not ' (before → after)'`);
        else if (m[1] === m[2]) problems.push(`${f.rule}: '${f.message}' shows the same value before and after`);
      }
      expect(problems).toEqual([]);
    });
  });
});

/**
 * The false alarms of a review that compared a type written in place as one string (issue 33):
 * each kind a pair of small OpenAPI descriptions, one edit apart, and the findings a reviewer
 * expects, with the subject that says where (test/diff-false-alarms/<kind>/, each file's first
 * line says what the edit is and why the verdict is what it is).
 */
describe('false alarms: the structural comparison', () => {
  const DIR = 'test/diff-false-alarms';
  const KINDS = readdirSync(join(ROOT, DIR), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const described = (f: Finding) => f.message.slice(0, f.message.indexOf(`: ${RULES.find((r) => r.id === f.rule)?.description ?? ''}`));

  it.each(KINDS)('%s', (kind) => {
    const [oldFile, newFile] = ['old', 'new'].map((side) => `${DIR}/${kind}/${side}.yaml`) as [string, string];
    const [before, after] = [oldFile, newFile].map((file) => {
      const result = loadInput(join(ROOT, file), file);
      if (!result.ok) throw new Error(`${file} does not load:\n${result.diagnostics.map((d) => formatDiagnostic(d, result.source)).join('\n')}`);
      return result.contract;
    }) as [Contract, Contract];
    const r = review(before, after, []);
    const want = JSON.parse(readFileSync(join(ROOT, DIR, kind, 'expected.json'), 'utf8')) as (Expected & { subject: string })[];
    expect(r.findings.map((f) => ({ ...brief(f), subject: described(f) }))).toEqual(want);
    expect(locationProblems(r, oldFile, newFile)).toEqual([]);
  });
});

/**
 * The one structural comparison of types (generator/diff/type-changes.ts) on small contracts: names
 * resolved on each side, recursion, each change said once, unions paired, what data is when the
 * last success goes, and which types are used.
 */
describe('the structural comparison', () => {
  const contract = (types: string, endpoints: string) =>
    `contractgen: 1\ninfo: { title: T, version: 1.0.0, package: t }\nauth: {}\nhosts:\n  api: { url: "https://api.example.com" }\ntypes:\n${types}\nendpoints:\n${endpoints}\n`;
  const get = (id: string, response: string) => `  ${id}:\n    method: GET\n    path: /${id}\n    host: api\n    responses:\n      ${response}\n`;
  const post = (id: string, body: string) => `  ${id}:\n    method: POST\n    path: /${id}\n    host: api\n    request: { body: ${body} }\n    responses:\n      "204": { description: Done. }\n`;
  const node = (name: string, extra = '') => `  ${name}:\n    kind: object\n    fields:\n      name: { type: string, required: true }\n      parent: { type: ${name} }\n${extra}`;
  const reviewed = (before: string, after: string) => {
    const [b, a] = [before, after].map((text, i) => {
      const result = loadContractText(`v${i}.yaml`, text);
      if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
      return result.contract;
    }) as [Contract, Contract];
    return review(b, a, []).findings;
  };
  const findings = (before: string, after: string) => reviewed(before, after).map((f) => `${f.rule}: ${f.message.slice(0, f.message.indexOf(': '))}`);
  const twoUses = (type: string) => get('getNode', `"200": { body: ${type} }`) + get('listNodes', `"200": { body: { type: array, items: ${type} } }`);

  it('a recursive type renamed with its shape and used twice: no finding, and the comparison ends', () => {
    expect(findings(contract(node('Node'), twoUses('Node')), contract(node('Tree'), twoUses('Tree')))).toEqual([]);
  });

  it('a renamed type that changed is reported once, under its new name, wherever it is used', () => {
    const grown = node('Tree', '      depth: { type: integer }\n');
    expect(findings(contract(node('Node'), twoUses('Node')), contract(grown, twoUses('Tree')))).toEqual(['response-field-added: Field Tree.depth']);
    // Said under the type, so no one operation's: reports group it with the types several use.
    expect(reviewed(contract(node('Node'), twoUses('Node')), contract(grown, twoUses('Tree'))).map((f) => f.operation)).toEqual([undefined]);
  });

  it('a type both sides name is reported at the type, not again at each use', () => {
    const grown = node('Node', '      depth: { type: integer }\n');
    expect(findings(contract(node('Node'), twoUses('Node')), contract(grown, twoUses('Node')))).toEqual(['response-field-added: Field Node.depth']);
  });

  it('a chain of 4,000 renamed types, each holding the next, is compared without a stack as deep as the chain', () => {
    const chain = (prefix: string, last = '') =>
      Array.from({ length: 4000 }, (_, i) => `  ${prefix}${i}:\n    kind: object\n    fields:\n      name: { type: string }\n${i < 3999 ? `      next: { type: ${prefix}${i + 1} }\n` : last}`).join('');
    const uses = (prefix: string) => get('getChain', `"200": { body: ${prefix}0 }`);
    expect(findings(contract(chain('T'), uses('T')), contract(chain('U', '      last: { type: boolean }\n'), uses('U')))).toEqual(['response-field-added: Field U3999.last']);
  });

  it('an inline body and the recursive type it became compare by structure', () => {
    const inline = get('getNode', '"200": { body: { type: object, fields: { name: { type: string, required: true }, parent: { type: Node } } } }');
    expect(findings(contract(node('Node'), inline), contract(node('Node'), get('getNode', '"200": { body: Node }')))).toEqual([]);
    const loose = get('getNode', '"200": { body: { type: object, fields: { name: { type: string }, parent: { type: Node } } } }');
    expect(findings(contract(node('Node'), get('getNode', '"200": { body: Node }')), contract(node('Node'), loose))).toEqual(['response-field-made-optional: Endpoint getNode response body field name']);
  });

  it('an endpoint whose last documented success goes reads unknown: what it read loses its type', () => {
    const unchanged = '"304": { description: Not modified. }';
    const [had, gone] = [get('getNode', `"200": { body: Node }\n      ${unchanged}`), get('getNode', unchanged)];
    expect(findings(contract(node('Node'), had), contract(node('Node'), gone))).toEqual([
      'response-type-undescribed: Endpoint getNode response body',
      'success-status-removed: Endpoint getNode success status 200',
      'response-content-type-removed: Endpoint getNode',
    ]);
  });

  it('a value that becomes a union holding it gains members; tagged members pair by their tag', () => {
    const sent = (body: string) => contract(node('Node'), post('tag', body));
    expect(findings(sent('string'), sent('{ type: union, members: [string, integer] }'))).toEqual(['request-union-member-added: Endpoint tag request body member integer']);
    const shape = (kind: string, extra = '') => `{ type: object, fields: { kind: { type: string, const: ${kind}, required: true }, size: { type: number }${extra} } }`;
    const shapes = (square: string) => contract(node('Node'), get('getShape', `"200": { body: { type: union, members: [${shape('circle')}, ${square}] } }`));
    expect(findings(shapes(shape('square')), shapes(shape('square', ', side: { type: number }')))).toEqual(['response-field-added: Endpoint getShape response body(kind=square).side']);
  });

  it("a stream's items and events are compared as types clients read, where the stream stands; a type only a stream reads is used", () => {
    const streamed = (stream: string, types = node('Node')) => contract(types, get('watch', `"200":\n        stream: ${stream}`));
    const tick = (required: boolean) => `{ format: sse, events: { tick: { type: object, fields: { at: { type: string, required: ${String(required)} } } } } }`;
    expect(findings(streamed(tick(true)), streamed(tick(false)))).toEqual(['response-field-made-optional: Endpoint watch stream event tick field at']);
    expect(findings(streamed('{ format: jsonl, item: string }'), streamed('{ format: jsonl, item: integer }'))).toEqual(['response-field-type-changed: Endpoint watch stream item']);
    // Event data without a type is its text.
    expect(findings(streamed('{ format: sse }'), streamed('{ format: sse, data: string }'))).toEqual([]);
    expect(findings(streamed('{ format: sse }'), streamed('{ format: sse, data: Node }'))).toEqual(['response-field-type-changed: Endpoint watch stream data']);
    const grown = node('Node', '      depth: { type: integer }\n');
    expect(findings(streamed('{ format: sse, events: { node: Node } }'), streamed('{ format: sse, events: { node: Node } }', grown))).toEqual(['response-field-added: Field Node.depth']);
    expect(findings(streamed('{ format: json-seq, item: Node }'), streamed('{ format: json-seq, item: Node }', grown))).toEqual(['response-field-added: Field Node.depth']);
  });

  it('the one stream of each side is compared whatever its status; a contract with every kind of stream against itself gives nothing', () => {
    const at = (status: string, stream: string) => contract(node('Node'), get('watch', `"${status}":\n        stream: ${stream}`));
    expect(findings(at('200', '{ format: sse, events: { a: Node } }'), at('201', '{ format: sse, events: { b: Node } }'))).toEqual([
      'stream-event-added: Endpoint watch stream event b',
      'stream-event-removed: Endpoint watch stream event a',
      'success-status-added: Endpoint watch success status 201',
      'success-status-removed: Endpoint watch success status 200',
    ]);
    const text = readFileSync(join(ROOT, 'test/fixtures/streaming/contract.yaml'), 'utf8');
    expect(findings(text, text)).toEqual([]);
  });

  it('beside a status that streams throughout, one that starts or stops streaming is said at its status', () => {
    const partial = (stream: string) => contract(node('Node'), get('watch', `"200":\n        stream: { format: jsonl, item: Node }\n      "206":\n        body: Node\n${stream}`));
    const extra = '        stream: { format: binary }\n';
    expect(findings(partial(''), partial(extra))).toEqual(['stream-added-beside-body: Endpoint watch response 206 stream']);
    expect(findings(partial(extra), partial(''))).toEqual(['stream-removed-body-kept: Endpoint watch response 206 stream']);
  });

  it('a type only a used type holds is used; one only an unused type holds is not', () => {
    const types = (extra: string) => `${node('Node')}  Inner:\n    kind: object\n    fields:\n      a: { type: string }\n${extra}  Outer:\n    kind: object\n    fields:\n      inner: { type: Inner }\n  Loose:\n    kind: object\n    fields:\n      held: { type: Held }\n  Held:\n    kind: object\n    fields:\n      b: { type: string }\n${extra.replace('a:', 'b:')}`;
    const uses = post('sendOuter', 'Outer');
    const required = '      c: { type: string, required: true }\n';
    expect(findings(contract(types(''), uses), contract(types(required), uses))).toEqual(['request-field-added-required: Field Inner.c', 'unused-type-changed: Type Held (1 change)']);
  });
});

describe('output formats', () => {
  it('markdown: breaking, warning and info findings and the public API section match the golden file', async () => {
    const result = await run(['diff', 'test/diff-markdown/old.yaml', 'test/diff-markdown/new.yaml', '--format', 'markdown']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    for (const heading of ['### 🔴 Breaking', '<summary>🟡 Warnings', '<summary>ℹ️ Info', 'Public API of the generated package', '#### `getOrder` (GET `/orders/{order_id}`)']) expect(result.out).toContain(heading);
    await expect(result.out).toMatchFileSnapshot('fixtures/golden/diff/review.md');
  }, 60_000);

  const schema = JSON.parse(readFileSync(join(ROOT, 'docs/diff-report.schema.json'), 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const valid = (data: unknown) => (validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));

  it.each(['environment-variable-required', 'endpoint-removed', 'auth-added', 'info-title-changed'])('json (%s) parses and follows docs/diff-report.schema.json', async (id) => {
    const result = await diff(id, '--format', 'json');
    expect(result.code).toBe(0);
    const data = JSON.parse(result.out) as Review;
    expect(valid(data)).toEqual([]);
    expect(data.findings.map(brief)).toEqual(expected(id));
    expect(data.old).toEqual({ file: oldOf(id), version: pair(id).before.info.version });
    expect(data.new).toEqual({ file: newOf(id), version: pair(id).after.info.version });
  });

  it('json: a review with API changes and one without findings follow the schema', () => {
    const { before, after } = pair('response-field-removed');
    const api = [
      { export: 'Order', member: 'tracking', change: 'removed', role: 'output', bump: 'major', reason: 'a member was removed', before: 'tracking?: string' },
      { export: 'PingInput', change: 'added', role: 'input', bump: 'minor', reason: 'an export was added', after: 'export interface PingInput { }' },
      { export: 'LegacyInput', change: 'removed', role: 'input', bump: 'major', reason: 'an export was removed', before: 'export interface LegacyInput { }' },
      { export: 'Order', member: 'note', change: 'changed', role: 'both', bump: 'major', reason: 'a member clients read may now be absent', before: 'note: string', after: 'note?: string' },
    ] as const;
    const withApi = JSON.parse(formatReview(review(before, after, api), 'json')) as unknown;
    expect(valid(withApi)).toEqual([]);
    expect(valid(JSON.parse(formatReview(review(before, before, []), 'json')) as unknown)).toEqual([]);
  });

  it('the schema is not vacuous: it rejects malformed reports', () => {
    const good = JSON.parse(formatReview(pair('endpoint-removed').review, 'json')) as { findings: Record<string, unknown>[]; bump: string };
    expect(valid(good)).toEqual([]);
    const first = good.findings[0] ?? {};
    for (const bad of [
      { ...good, bump: 'huge' },
      { ...good, findings: [{ ...first, level: 'fatal' }] },
      { ...good, findings: [{ ...first, old: undefined, new: undefined }] },
      { ...good, findings: [{ ...first, old: { file: 'x.yaml', line: 0, col: 1 } }] },
      { ...good, api: [{ export: 'X', change: 'added' }] },
      { ...good, extra: true },
    ]) {
      expect(valid(JSON.parse(JSON.stringify(bad)) as unknown)).not.toEqual([]);
    }
  });

  it('github: one ::error annotation with file, line, col and the rule as title per breaking finding', async () => {
    for (const id of ['environment-variable-required', 'endpoint-removed', 'auth-removed']) {
      const result = await diff(id, '--format', 'github');
      expect(result.code).toBe(0);
      const lines = result.out.trimEnd().split('\n');
      const errors = lines.filter((l) => l.startsWith('::error'));
      const breaking = pair(id).review.findings.filter((f) => f.level === 'breaking');
      expect(errors).toHaveLength(breaking.length);
      breaking.forEach((f, i) => {
        const loc = f.new ?? f.old;
        const title = f.operation === undefined ? f.rule : `${f.rule} (${f.operation.id})`;
        expect(errors[i]).toBe(`::error file=${loc?.file ?? ''},line=${loc?.line ?? 0},col=${loc?.col ?? 0},title=${title}::${f.message}`);
      });
      for (const line of errors) expect(line).toMatch(/^::error file=[^,:]+,line=\d+,col=\d+,title=[a-z-]+( \([A-Za-z]+\))?::\S.*$/);
      expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(pair(id).review.summary.warning);
      expect(lines.at(-1)).toMatch(/^::notice title=contract review::\d+ breaking, \d+ warning, \d+ info; /);
    }
  });

  it('markdown: a review past a pull-request comment\'s 65,536 characters shows the rows that fit, breaking first, and counts the rest', () => {
    const finding = (i: number, level: Level): Finding => ({
      rule: 'response-field-removed', level, wire: level, source: level, area: 'field', direction: 'response',
      message: `Field T.f${i}: gone.`, parts: [{ text: 'Field ' }, { text: `T.f${i}`, contract: true }, { text: ': gone.' }],
      new: { file: 'new.yaml', line: i + 1, col: 3 }, operation: { id: `op${i % 40}`, method: 'GET', path: `/things/${i % 40}` },
    });
    const findings = [...Array.from({ length: 400 }, (_, i) => finding(i, 'breaking')), ...Array.from({ length: 3000 }, (_, i) => finding(400 + i, 'info'))];
    const big: Review = { old: { file: 'old.yaml', version: '1' }, new: { file: 'new.yaml', version: '2' }, findings, api: [], summary: { breaking: 400, warning: 0, info: 3000 }, bump: 'major' };
    const text = formatReview(big, 'markdown');
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(text.length).toBeGreaterThan(MARKDOWN_LIMIT - 1_000);
    // Every breaking row is there, grouped by operation; info rows as far as they fit; the rest counted.
    for (let i = 0; i < 400; i++) expect(text).toContain(`\`T.f${i}\``);
    expect(text).toContain('#### `op0` (GET `/things/0`)');
    const shown = (text.match(/^\| `response-field-removed` /gm) ?? []).length;
    expect(shown).toBeGreaterThan(400);
    expect(text).toContain(`… ${3400 - shown} more rows are not shown: a pull-request comment holds at most 65,536 characters. \`--format json\` lists every finding.`);
    // Below the limit, nothing is left out.
    const small: Review = { ...big, findings: findings.slice(0, 50), summary: { breaking: 50, warning: 0, info: 0 } };
    expect(formatReview(small, 'markdown')).not.toContain('not shown');
  });

  it('json: each finding names the operation it concerns, as the new contract has it (the old, where it was removed)', async () => {
    const removed = JSON.parse((await diff('endpoint-removed', '--format', 'json')).out) as { findings: Finding[] };
    expect(removed.findings.find((f) => f.rule === 'endpoint-removed')?.operation).toEqual({ id: 'cancelOrder', method: expect.any(String), path: expect.any(String) });
    const added = JSON.parse((await diff('request-param-added-required', '--format', 'json')).out) as { findings: Finding[] };
    expect(added.findings.map((f) => f.operation)).toEqual([{ id: 'searchWidgets', method: 'GET', path: '/widgets/{widget_id}/search' }]);
    const env = JSON.parse((await diff('environment-variable-required', '--format', 'json')).out) as { findings: Finding[] };
    expect(env.findings.every((f) => f.operation === undefined)).toBe(true);
  });

  it('github: removed elements are annotated in the old file', async () => {
    const result = await diff('endpoint-removed', '--format', 'github');
    expect(result.out).toMatch(/^::error file=test\/diff\/endpoint-removed\/old\.yaml,line=\d+,col=\d+,title=endpoint-removed \(cancelOrder\)::Endpoint cancelOrder: /m);
  });

  it('text: findings by level, then by operation (what concerns none last), with their locations', async () => {
    const result = await diff('environment-variable-required');
    expect(result.code).toBe(0);
    expect(result.out).toContain('BREAKING (1)\n  Types, auth and the API as a whole\n    environment-variable-required: Environment staging: ');
    expect(result.out).toContain('WARNING (1)\n  Types, auth and the API as a whole\n    environment-urls-changed: ');
    const operations = await diff('request-param-added-required');
    expect(operations.out).toContain('BREAKING (1)\n  searchWidgets (GET /widgets/{widget_id}/search)\n    request-param-added-required: Query parameter searchWidgets.limit: ');
    expect(result.out).toMatch(/at test\/diff\/environment-variable-required\/old\.yaml:\d+:\d+ → test\/diff\/environment-variable-required\/new\.yaml:\d+:\d+/);
  });
});

describe('exit codes', () => {
  it('--fail-on breaking: 1 with a breaking change, 0 without; no --fail-on: 0', async () => {
    expect((await diff('response-field-removed', '--fail-on', 'breaking')).code).toBe(1);
    expect((await diff('quirk-added', '--fail-on', 'breaking')).code).toBe(0);
    expect((await diff('info-title-changed', '--fail-on', 'breaking')).code).toBe(0);
    expect((await diff('response-field-removed')).code).toBe(0);
  });

  it('--fail-on warning and --fail-on info: findings at or above the threshold', async () => {
    expect((await diff('quirk-added', '--fail-on', 'warning')).code).toBe(1);
    expect((await diff('response-field-removed', '--fail-on', 'warning')).code).toBe(1);
    expect((await diff('info-title-changed', '--fail-on', 'warning')).code).toBe(0);
    expect((await diff('info-title-changed', '--fail-on', 'info')).code).toBe(1);
    expect((await diff('quirk-added', '--fail-on', 'info')).code).toBe(1);
    const same = await run(['diff', oldOf('quirk-added'), oldOf('quirk-added'), '--no-api', '--fail-on', 'info']);
    expect(same.code).toBe(0);
  });

  it('usage errors exit 2: an unknown option, a bad --format or --fail-on, a wrong number of files', async () => {
    const unknown = await diff('quirk-added', '--frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown option '--frobnicate'");
    const format = await diff('quirk-added', '--format', 'xml');
    expect(format.code).toBe(2);
    expect(format.err).toContain('--format must be one of text, markdown, json, github');
    const failOn = await diff('quirk-added', '--fail-on', 'fatal');
    expect(failOn.code).toBe(2);
    expect(failOn.err).toContain('--fail-on must be one of breaking, warning, info');
    const one = await run(['diff', oldOf('quirk-added'), '--no-api']);
    expect(one.code).toBe(2);
    expect(one.err).toContain('diff takes two contract files');
  });

  const temps: string[] = [];
  afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('a broken contract exits 1 with positioned diagnostics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-diff-'));
    temps.push(dir);
    const text = readFileSync(join(ROOT, oldOf('endpoint-method-changed')), 'utf8').replace('method: DELETE', 'method: FETCH');
    const line = text.split('\n').findIndex((l) => l.includes('method: FETCH')) + 1;
    writeFileSync(join(dir, 'broken.yaml'), text);
    const result = await run(['diff', join(ROOT, oldOf('endpoint-method-changed')), 'broken.yaml', '--no-api'], dir);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain(`broken.yaml:${line}:13: endpoints.cancelOrder.method must be one of`);
    expect(result.err).toContain('[not-allowed-value]');
    expect(result.err).toContain(`${line} |     method: FETCH`);
    expect(result.err).toContain('contractgen diff: a contract does not load');
    const missing = await run(['diff', 'missing.yaml', 'broken.yaml', '--no-api'], dir);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('missing.yaml');
  });
});

describe('--base <git-ref> <file>', () => {
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-diff-git-')));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Diff Test', '-c', 'user.email=diff@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe', encoding: 'utf8' });

  it('diffs the working file against the committed one', async () => {
    git('init', '-q');
    writeFileSync(join(repo, 'contract.yaml'), readFileSync(join(ROOT, oldOf('response-field-removed')), 'utf8'));
    git('add', 'contract.yaml');
    git('commit', '-q', '-m', 'contract');
    writeFileSync(join(repo, 'contract.yaml'), readFileSync(join(ROOT, newOf('response-field-removed')), 'utf8'));
    const result = await run(['diff', '--base', 'HEAD', 'contract.yaml', '--no-api', '--format', 'json', '--fail-on', 'breaking'], repo);
    expect(result.err).toBe('');
    expect(result.code).toBe(1);
    const data = JSON.parse(result.out) as Review;
    expect(data.findings.map(brief)).toEqual(expected('response-field-removed'));
    expect(data.old.file).toBe('HEAD:contract.yaml');
    expect(data.new.file).toBe('contract.yaml');
    expect(data.findings[0]?.old?.file).toBe('HEAD:contract.yaml');
    expect(data.findings[0]?.new?.file).toBe('contract.yaml');
    const text = await run(['diff', '--base', 'HEAD', 'contract.yaml', '--no-api'], repo);
    expect(text.code).toBe(0);
    expect(text.out).toContain('response-field-removed: Field Order.id: A required response field was removed.');
  });

  it('a bad ref exits 1 (an input problem) with a clear message', async () => {
    const result = await run(['diff', '--base', 'no-such-ref', 'contract.yaml', '--no-api'], repo);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('cannot read contract.yaml at no-such-ref from git');
  });

  it('--base takes exactly one file', async () => {
    const result = await run(['diff', '--base', 'HEAD', 'contract.yaml', 'other.yaml', '--no-api'], repo);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--base takes one contract file');
  });
});

describe('--rules', () => {
  it('lists every rule id, with its levels and description', async () => {
    const result = await run(['diff', '--rules']);
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines[0]).toBe(`${RULES.length} rules (id, level, wire, source, direction, description):`);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(RULES.map((r) => r.id));
    for (const r of RULES) expect(result.out).toContain(r.description);
  });

  it('docs/diff-rules.md lists every rule, in order, with its levels, direction and description', () => {
    const rows = readFileSync(join(ROOT, 'docs/diff-rules.md'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((line) => line.slice(2, -2).split(' | '))).toEqual(RULES.map((r) => [`\`${r.id}\``, r.level, r.wire, r.source, r.direction, r.description]));
  });

  it('--rules --format json gives the rule table', async () => {
    const result = await run(['diff', '--rules', '--format', 'json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.out) as { id: string }[]).map((r) => r.id)).toEqual(RULES.map((r) => r.id));
  });
});

describe('recommended bump', () => {
  it('major for a breaking change', () => {
    expect(pair('response-field-removed').review.bump).toBe('major');
    expect(pair('info-package-changed').review.bump).toBe('major');
  });

  it('minor for an added endpoint', () => {
    expect(pair('endpoint-added').review.bump).toBe('minor');
  });

  it('patch for an info-only change that adds nothing', () => {
    expect(pair('info-title-changed').review.bump).toBe('patch');
  });

  it('none for identical contracts', () => {
    const { before } = pair('endpoint-added');
    const same = review(before, load(oldOf('endpoint-added')), []);
    expect(same.findings).toEqual([]);
    expect(same.bump).toBe('none');
  });
});

describe('renamed path placeholders', () => {
  it('change nothing when the input key stays (key:), so no finding; without key: path-parameter-renamed', () => {
    const oldFile = 'test/diff/path-parameter-renamed/old.yaml';
    const text = readFileSync(join(ROOT, oldFile), 'utf8').replace('    path: /orders/{order_id}\n', '    path: /orders/{id}\n');
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-rename-'));
    try {
      const kept = join(dir, 'kept.yaml');
      writeFileSync(kept, text.replace('      order_id: { description: Identifies an order. }\n', '      id: { description: Identifies an order., key: order_id }\n'));
      const renamed = join(dir, 'renamed.yaml');
      writeFileSync(renamed, text.replace('      order_id: { description: Identifies an order. }\n', '      id: { description: Identifies an order. }\n'));
      const loadAt = (file: string): Contract => {
        const result = loadContract(file, file);
        if (!result.ok) throw new Error(`${file} does not load`);
        return result.contract;
      };
      expect(review(load(oldFile), loadAt(kept), []).findings.map((f) => f.rule)).toEqual([]);
      expect(review(load(oldFile), loadAt(renamed), []).findings.map((f) => f.rule)).toEqual(['path-parameter-renamed']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
