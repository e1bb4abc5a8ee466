/**
 * The generated checks (generator/emit/validator-code.ts, issue 35 in progress) run over the types
 * fixture: valid values pass, each kind of violation is an issue at its path, readOnly and
 * writeOnly per direction, discriminated and untagged unions, recursion.
 */
import { describe, expect, it } from 'vitest';
import { checkModule } from '../generator/emit/validator-code.js';
import { loadContract } from '../generator/contract.js';
import * as runtime from '../templates/validate.js';
import { Issues, type Check } from '../templates/validate.js';
import { fixture } from './support/corpus.js';

const loaded = loadContract(fixture('types'));
if (!loaded.ok) throw new Error('the types fixture does not load');
const module = checkModule(loaded.contract);
/** Every function the generated checks may call: the runtime module's exports. */
const helpers = Object.fromEntries(Object.entries(runtime).filter(([, v]) => typeof v === 'function'));
const fns = new Function(...Object.keys(helpers), `${module.code}\nreturn { ${[...new Set(module.named.values())].join(', ')} };`)(...Object.values(helpers)) as Record<string, Check>;

function issues(type: string, direction: 'request' | 'response', value: unknown): unknown[] {
  const name = module.named.get(`${direction}:${type}`);
  if (name === undefined) throw new Error(`no check for ${type}`);
  const collected = new Issues();
  const ok = (fns[name] as Check)(value, collected);
  expect(ok).toBe(collected.list.length === 0);
  // Without issues to tell, the same check answers yes or no alike.
  expect((fns[name] as Check)(value)).toBe(ok);
  return collected.list;
}

const dog = { id: 1, name: 'Rex', species: 'dog', good: true, created_at: '2024-01-01T00:00:00Z' };

describe('generated checks over the types fixture', () => {
  it('a valid response value passes; the request direction does not require readOnly fields', () => {
    expect(issues('Dog', 'response', dog)).toEqual([]);
    const { id: _id, created_at: _c, ...sent } = dog;
    expect(issues('Dog', 'request', sent)).toEqual([]);
    expect(issues('Dog', 'response', sent).map((i) => (i as { path: unknown[] }).path)).toEqual([['id'], ['created_at']]);
  });

  it('each violation is an issue at its path', () => {
    expect(issues('Dog', 'response', { ...dog, name: '', born: '2023-02-29', weight_kg: 0, tags: ['ok', 'Bad', 'ok'] })).toEqual([
      { message: 'must be at least 1 characters long', path: ['name'] },
      { message: 'must be a date', path: ['born'] },
      { message: 'must be more than 0', path: ['weight_kg'] },
      { message: 'must match ^[a-z][a-z0-9-]*$', path: ['tags', 1] },
      { message: 'must not repeat an item', path: ['tags'] },
    ]);
  });

  it('an int64 past 2^53 arrives as a bigint (the lossless reader) and is an integer', () => {
    expect(issues('Dog', 'response', { ...dog, id: 9007199254740993n })).toEqual([]);
    expect(issues('Dog', 'response', { ...dog, id: 1.5 })).toEqual([{ message: 'expected an integer', path: ['id'] }]);
    // AnimalId's minimum 1 holds a bigint too, in both passes.
    expect(issues('Dog', 'response', { ...dog, id: -9007199254740993n })).toEqual([{ message: 'must be at least 1', path: ['id'] }]);
    const quick = fns[module.named.get('response:Dog') ?? ''] as Check;
    expect([quick({ ...dog, id: 9007199254740993n }), quick({ ...dog, id: -9007199254740993n }), quick({ ...dog, id: 1.5 })]).toEqual([true, false, false]);
  });

  it('enums closed and open; a value named like an Object.prototype member', () => {
    expect(issues('Priority', 'response', 2)).toEqual([]);
    expect(issues('Priority', 'response', 4)).toHaveLength(1);
    expect(issues('Size', 'response', 'XXL')).toEqual([]);
    expect(issues('Signal', 'response', '__proto__')).toEqual([]);
    expect(issues('Signal', 'response', 'toString')).toHaveLength(1);
  });

  it('a discriminated union checks the member its tag names', () => {
    expect(issues('Pet', 'response', dog)).toEqual([]);
    expect(issues('Pet', 'response', { ...dog, species: 'cat' }).length).toBeGreaterThan(0);
    expect(issues('Pet', 'response', { ...dog, species: 'horse' })).toEqual([{ message: 'must be one of dog, cat, fish', path: ['species'] }]);
  });

  it('recursive types', () => {
    const tree = { name: 'a', children: [{ name: 'b', children: [] }] };
    expect(issues('Tree', 'response', tree)).toEqual([]);
    expect(issues('Tree', 'response', { name: 'a', children: [{ name: 'b', children: [{ name: 3, children: [] }] }] })).toEqual([{ message: 'expected a string', path: ['children', 0, 'children', 0, 'name'] }]);
  });

  it('hostile keys are data: __proto__ as an unknown field of a closed object is an issue, not a prototype', () => {
    const hostile = JSON.parse('{"x": 1, "y": 2, "__proto__": {"polluted": true}}') as unknown;
    expect(issues('Point', 'response', hostile)).toEqual([{ message: 'is not a field of this object', path: ['__proto__'] }]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('generated checks of a package with dates as Date objects', () => {
  const dated = loadContract(fixture('dates'));
  if (!dated.ok) throw new Error('the dates fixture does not load');
  const m = checkModule(dated.contract);
  const checks = new Function(...Object.keys(helpers), `${m.code}\nreturn { ${[...new Set(m.named.values())].join(', ')} };`)(...Object.values(helpers)) as Record<string, Check>;
  const run = (type: string, value: unknown) => {
    const is = new Issues();
    const ok = (checks[m.named.get(`response:${type}`) ?? ''] as Check)(value, is);
    return { ok, issues: is.list };
  };

  it('take a valid Date where the contract says date-time or date, and refuse its text or an Invalid Date', () => {
    expect(run('Event', { id: 1, at: new Date('2024-01-15T09:30:00Z') })).toEqual({ ok: true, issues: [] });
    expect(run('Event', { id: 1, at: '2024-01-15T09:30:00Z' })).toEqual({ ok: false, issues: [{ message: 'expected a valid Date', path: ['at'] }] });
    expect(run('Event', { id: 1, at: new Date('not a date') }).ok).toBe(false);
    expect(run('Day', new Date(Date.UTC(2024, 1, 29))).ok).toBe(true);
  });
});
