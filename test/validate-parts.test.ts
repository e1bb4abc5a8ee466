/**
 * A watch session validates a contract in parts (validate-schema.ts: the shell schema, then each
 * endpoint and named type on its own, kept per entry object). The parts must report exactly what
 * the whole schema reports — for valid contracts and for errors anywhere — and a kept result
 * must be the same as a fresh one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sortDiagnostics } from '../generator/diagnostics.js';
import { Incremental } from '../generator/incremental.js';
import { parseContract, type ParsedContract } from '../generator/load/parse.js';
import { validateSchema } from '../generator/validate-schema.js';
import { DIFF_BOTH, FIXTURE_CONTRACTS } from './support/corpus.js';

const files = [...FIXTURE_CONTRACTS, ...DIFF_BOTH];

type Data = Record<string, unknown>;
const first = (map: unknown): [string, Data] | undefined => {
  if (map === null || typeof map !== 'object') return undefined;
  const [entry] = Object.entries(map as Data);
  return entry as [string, Data] | undefined;
};

/** Edits that break the schema in each part: root, the endpoints and types mappings, one entry. */
const mutations: Record<string, (data: Data) => void> = {
  none: () => {},
  'endpoint method': (d) => void (first(d.endpoints)![1].method = 'FETCH'),
  'endpoint unknown key': (d) => void (first(d.endpoints)![1].summery = 'x'),
  'endpoint missing path': (d) => void delete first(d.endpoints)![1].path,
  'endpoint is null': (d) => void ((d.endpoints as Data)[first(d.endpoints)![0]] = null),
  'endpoint is a string': (d) => void ((d.endpoints as Data)[first(d.endpoints)![0]] = 'x'),
  'endpoint name': (d) => void ((d.endpoints as Data)['bad name!'] = first(d.endpoints)![1]),
  'endpoints empty': (d) => void (d.endpoints = {}),
  'endpoints a list': (d) => void (d.endpoints = [first(d.endpoints)![1]]),
  'endpoints null': (d) => void (d.endpoints = null),
  'type kind': (d) => void (first(d.types) === undefined ? (d.types = { T: { kind: 'objet' } }) : (first(d.types)![1].kind = 'objet')),
  'type field type': (d) => void (d.types = { ...(d.types as Data), Bad: { kind: 'object', fields: { a: { type: 42, requird: true } } } }),
  'type name': (d) => void (d.types = { ...(d.types as Data), 'not a type': { kind: 'enum', values: [] } }),
  'types a string': (d) => void (d.types = 'x'),
  'root unknown key': (d) => void (d.extra = 1),
  'root missing hosts': (d) => void delete d.hosts,
  'info wrong type': (d) => void (d.info = 3),
  'two entries broken': (d) => {
    const [a, b] = Object.values(d.endpoints as Data) as Data[];
    if (a !== undefined) a.method = 1;
    if (b !== undefined) b.responses = 'none';
  },
};

function mutated(parsed: ParsedContract, mutate: (data: Data) => void): ParsedContract {
  const data = structuredClone(parsed.data) as Data;
  // A contract of webhooks alone has no endpoint for the endpoint mutations to edit: they give it one first.
  if (data.endpoints === undefined) data.endpoints = { ping: { method: 'GET', path: '/ping', host: 'api', responses: { '204': {} } } };
  mutate(data);
  return { ...parsed, data };
}

const text = (parsed: ParsedContract, incremental?: Incremental) => sortDiagnostics(validateSchema(parsed, incremental)).map((d) => `${d.line}:${d.col} ${d.code} ${d.message}`);

describe('validation in parts = whole validation', () => {
  it.each(files)('%s', (file) => {
    const loaded = parseContract(file, readFileSync(file, 'utf8'));
    if (!loaded.ok) throw new Error(`${file} does not load`);
    let reported = 0;
    for (const [name, mutate] of Object.entries(mutations)) {
      const parsed = mutated(loaded.contract, mutate);
      const whole = text(parsed);
      const session = new Incremental();
      expect(text(parsed, session), `${file}: ${name}`).toEqual(whole);
      // Again with every entry's result kept from the first call.
      expect(text(parsed, session), `${file}: ${name} (kept)`).toEqual(whole);
      reported += whole.length;
    }
    // The mutations must break things, or the comparison says nothing.
    expect(reported).toBeGreaterThan(Object.keys(mutations).length);
  });

  it('an entry edited between runs is checked again; the others are kept', () => {
    const loaded = parseContract('contract/orders.yaml', readFileSync('contract/orders.yaml', 'utf8'));
    if (!loaded.ok) throw new Error('orders does not load');
    const session = new Incremental();
    const data = structuredClone(loaded.contract.data) as Data;
    expect(text({ ...loaded.contract, data }, session)).toEqual([]);
    // A new object for the edited entry, as a re-parsed piece gives; the rest stay the same objects.
    const [name, entry] = first(data.endpoints)!;
    const edited = { ...data, endpoints: { ...(data.endpoints as Data), [name]: { ...entry, method: 'FETCH' } } };
    const after = text({ ...loaded.contract, data: edited }, session);
    expect(after).toEqual(text({ ...loaded.contract, data: edited }));
    expect(after.length).toBeGreaterThan(0);
  });
});
