/**
 * Random watch sessions: seeded sequences of edits to the synthetic contract, each run rendered
 * through one Incremental store and afresh, which must agree file for file and diagnostic for
 * diagnostic. The edits are those a person makes while a contract is open (summaries, methods,
 * fields, enum values, endpoints added, moved and deleted, hosts and shapes, inheritance) plus
 * mistakes and their repair, and a return to any earlier text, which meets every cache again
 * in a state it has seen before. test/incremental.test.ts runs a few; `npm run fuzz` many.
 */
import { render, type RenderOutcome } from '../../generator/generate.js';
import { Incremental } from '../../generator/incremental.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { rng } from '../../bench/synth.mjs';

/** mulberry32 (bench/synth.mjs), as test/support/yaml-documents.ts uses it. */
const seeded = rng as (seed: number) => () => number;

interface Step {
  readonly rng: () => number;
  /** A number no earlier step of the session has used, for names that must be new. */
  readonly fresh: number;
  /** The session's texts so far, oldest first, and those of them that were valid. */
  readonly history: readonly string[];
  readonly valid: readonly string[];
}

/** An edit: the new text, or undefined when the text offers it no place. */
type Edit = (text: string, step: Step) => string | undefined;

/** `text` with one match of `pattern` (global), picked at random, replaced by `to` of it. */
function atRandom(text: string, pattern: RegExp, step: Step, to: (match: RegExpExecArray) => string): string | undefined {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return undefined;
  const m = matches[Math.floor(step.rng() * matches.length)]!;
  return text.slice(0, m.index) + to(m) + text.slice(m.index + m[0].length);
}

const ENDPOINT = /\n {2}op\w+:\n(?: {4}.*\n)+/g;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const EDITS: Readonly<Record<string, Edit>> = {
  'a summary edited': (t, s) => atRandom(t, /summary: Operation \d+ [^\n]*/g, s, ([m]) => (m.includes(' (edited)') ? m.replace(' (edited)', '') : `${m} (edited)`)),
  'a summary edited to the same length': (t, s) => atRandom(t, /summary: Operation \d+ on (?:one|One)/g, s, ([m]) => (m.endsWith('one') ? m.replace(/one$/, 'One') : m.replace(/One$/, 'one'))),
  'a method changed': (t, s) => atRandom(t, /\n {4}method: [A-Z]+/g, s, ([m]) => m.replace(/[A-Z]+$/, METHODS[Math.floor(s.rng() * METHODS.length)]!)),
  'a field added to a type': (t, s) => atRandom(t, /\n {2}\w+:\n {4}kind: object\n(?: {4}extends: .*\n)? {4}fields:\n/g, s, ([m]) => `${m}      extra${s.fresh}: { type: string }\n`),
  'an added field removed': (t, s) => atRandom(t, /\n {6}extra\d+: \{ type: string \}/g, s, () => ''),
  'a field made optional': (t, s) => atRandom(t, /, required: true \}/g, s, () => ' }'),
  'a string field made required': (t, s) => atRandom(t, /\n {6}\w+: \{ type: string \}/g, s, ([m]) => m.replace(/ \}$/, ', required: true }')),
  'a field made read-only, or no longer': (t, s) => atRandom(t, /\n {6}\w+: \{ type: string(?:, readOnly: true)?/g, s, ([m]) => (m.endsWith(', readOnly: true') ? m.replace(', readOnly: true', '') : `${m}, readOnly: true`)),
  'an enum value added or taken out': (t) => (t.includes('urgent, critical]') ? t.replace('urgent, critical]', 'urgent]') : t.replace('values: [low, normal, high, urgent]', 'values: [low, normal, high, urgent, critical]')),
  'an endpoint added': (t, s) =>
    atRandom(t, ENDPOINT, s, ([m]) => `${m}  opNew${s.fresh}:\n    method: GET\n    path: /new${s.fresh}/{id}\n    host: alpha\n    params:\n      id: { in: path, type: string }\n    responses:\n      "200": { description: New., body: Audit }\n`),
  'an endpoint deleted': (t, s) => atRandom(t, ENDPOINT, s, () => '\n'),
  'two endpoints swapped': (t, s) =>
    atRandom(t, /\n {2}op\w+:\n(?: {4}.*\n)+ {2}op\w+:\n(?: {4}.*\n)+/g, s, ([m]) => {
      // m is a newline, then two blocks each ending in one: the second starts after the first's.
      const second = m.search(/\n {2}op\w+:\n(?: {4}.*\n)+$/) + 1;
      return `\n${m.slice(second)}${m.slice(1, second)}`;
    }),
  'the title edited': (t) => (t.includes('title: Synthetic API (edited)') ? t.replace('title: Synthetic API (edited)', 'title: Synthetic API') : t.replace(/title: Synthetic API\b/, 'title: Synthetic API (edited)')),
  'a host code row edited': (t) => (t.includes('code: gateway_timeout') ? t.replace('code: gateway_timeout', 'code: timeout') : t.replace('- { status: 504, code: timeout }', '- { status: 504, code: gateway_timeout }')),
  'a second shape declared, or taken out': (t) => (t.includes('\n  flat:\n') ? t.replace('\n  flat:\n    match: { present: [code] }\n    read: { code: code }\n', '\n') : t.replace('\nshapes:\n', '\nshapes:\n  flat:\n    match: { present: [code] }\n    read: { code: code }\n')),
  'an endpoint adds a shape': (t, s) => atRandom(t, /\n {4}host: beta\n/g, s, ([m]) => `${m}    shapes: [flat]\n`),
  'an earlier text again': (_t, s) => (s.history.length < 2 ? undefined : s.history[Math.floor(s.rng() * (s.history.length - 1))]),
};

/** Mistakes, made now and then; a session in error goes back to a valid text as often as not. */
export const MISTAKES: Readonly<Record<string, Edit>> = {
  'an inherited field redefined incompatibly': (t, s) => atRandom(t, /\n {4}extends: \[Audit\]\n {4}fields:\n/g, s, ([m]) => `${m}      created_by: { type: boolean }\n`),
  'an unknown host named': (t, s) => atRandom(t, /\n {4}host: beta\n/g, s, () => '\n    host: nowhere\n'),
  'a key written twice': (t, s) => atRandom(t, /\n {4}method: [A-Z]+\n/g, s, ([m]) => `${m}${m.slice(1)}`),
  'a line of broken YAML': (t, s) => atRandom(t, /\n {4}path: [^\n]+/g, s, ([m]) => `${m}\n   : [`),
};

const REPAIR: Edit = (_t, s) => s.valid[Math.floor(s.rng() * s.valid.length)];

/** What a render gave, comparable: the kind, then every file or every diagnostic. */
function differences(fresh: RenderOutcome, reused: RenderOutcome): string[] {
  if (fresh.kind !== reused.kind) return [`fresh: ${fresh.kind}, watch: ${reused.kind}`];
  if (fresh.kind === 'invalid' && reused.kind === 'invalid') return JSON.stringify(fresh.diagnostics) === JSON.stringify(reused.diagnostics) ? [] : ['the diagnostics differ'];
  if (fresh.kind !== 'files' || reused.kind !== 'files') return [];
  const paths = new Set([...fresh.files.keys(), ...reused.files.keys()]);
  return [...paths].filter((p) => fresh.files.get(p) !== reused.files.get(p)).map((p) => `${p} differs`);
}

export interface SessionReport {
  readonly steps: readonly string[];
  /** The edits after which the contract was invalid, one entry a step. */
  readonly invalidAfter: readonly string[];
  readonly invalid: number;
  /** The first step whose watch run differed from a fresh one, and how. */
  readonly failure?: { readonly step: number; readonly edit: string; readonly differences: readonly string[]; readonly text: string };
}

/** `length` random edits of `start`, each rendered in the session and afresh. */
export async function randomSession(file: string, start: string, seed: number, length: number): Promise<SessionReport> {
  const rng = seeded(seed);
  const incremental = new Incremental();
  const history = [start];
  const valid: string[] = [];
  const steps: string[] = [];
  const invalidAfter: string[] = [];
  let invalid = 0;
  let text = start;
  let wasValid = true;
  for (let i = 0; i <= length; i++) {
    let edit = 'the start';
    if (i > 0) {
      let next: string | undefined;
      for (let tries = 0; next === undefined || next === text; tries++) {
        if (tries > 50) throw new Error(`no edit applies to the text of step ${i}`);
        const pool: Readonly<Record<string, Edit>> = !wasValid && rng() < 0.5 ? { 'back to an earlier valid text': REPAIR } : rng() < 0.15 ? MISTAKES : EDITS;
        const names = Object.keys(pool);
        edit = names[Math.floor(rng() * names.length)]!;
        next = pool[edit]!(text, { rng, fresh: i, history, valid });
      }
      text = next;
      history.push(text);
    }
    steps.push(edit);
    const fresh = await render(file, text);
    const reused = await render(file, text, { incremental });
    wasValid = fresh.kind !== 'invalid';
    if (wasValid) valid.push(text);
    else {
      invalid++;
      invalidAfter.push(edit);
    }
    const found = differences(fresh, reused);
    if (found.length > 0) return { steps, invalidAfter, invalid, failure: { step: i, edit, differences: found, text } };
  }
  return { steps, invalidAfter, invalid };
}
