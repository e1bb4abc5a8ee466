import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, matchEmptyMessage, matchMessage, resolveFieldPath } from './messages.js';
import type { MessageTableData } from './spec.js';

const KNOWN = [
  'origin',
  'origin.address',
  'origin.address.address1',
  'destination',
  'destination.address',
  'destination.address.address1',
  'items',
  'items.name',
  'kind',
  'payment_mode',
];

const TABLE: MessageTableData = {
  root: 'order',
  aliases: { dropoff: 'destination', pickup: 'origin' },
  rows: [
    { id: 'blank_field', pattern: "^'(?<path>[^']+)' must not be blank$", fields: ['{path}'] },
    { id: 'no_fields', pattern: '^Postcode is wrong$', fields: [] },
    { id: 'missing_all', pattern: '\\[(?<path>origin|destination|items)\\] is missing', all: true, status: 422, fields: ['{path}'] },
    { id: 'stop_address1', pattern: '^\\[(?<stop>origin|destination)\\]\\[address\\]\\[address1\\] bad$', fields: ['{stop}.address.address1'] },
    { id: 'two_fields', pattern: '^both (?<a>\\w+) and (?<b>\\w+)$', fields: ['{a}', '{b}', 'kind'] },
    { id: 'optional_group', pattern: '^maybe(?: (?<name>\\w+))?$', fields: ['{name}'] },
    { id: 'tail', pattern: 'tail-marker', fields: ['kind'] },
    { id: 'empty_row', empty: true, status: 422, fields: ['payment_mode', '[order][dropoff]'], ambiguous: true },
  ],
};

const row = (id: string) => {
  const found = TABLE.rows.find((r) => r.id === id);
  if (found === undefined) throw new Error(`no row ${id}`);
  return found;
};

describe('resolveFieldPath', () => {
  const plain: MessageTableData = { aliases: {}, rows: [] };

  it('turns bracket paths into dotted paths', () => {
    expect(resolveFieldPath(plain, '[a][b][c]', [])).toBe('a.b.c');
    expect(resolveFieldPath(plain, ' [a][b] ', [])).toBe('a.b');
  });

  it('keeps dotted paths and drops empty segments', () => {
    expect(resolveFieldPath(plain, 'a.b.c', [])).toBe('a.b.c');
    expect(resolveFieldPath(plain, '  a..b. ', [])).toBe('a.b');
    expect(resolveFieldPath(plain, '[a][][b]', [])).toBe('a.b');
    expect(resolveFieldPath(plain, '', [])).toBe('');
    expect(resolveFieldPath(plain, '   ', [])).toBe('');
  });

  it('drops the wrapper root segment when something follows it', () => {
    expect(resolveFieldPath(TABLE, '[order][items]', [])).toBe('items');
    expect(resolveFieldPath(TABLE, 'order.items.name', [])).toBe('items.name');
  });

  it('keeps the root when it is the only segment', () => {
    expect(resolveFieldPath(TABLE, '[order]', [])).toBe('order');
    expect(resolveFieldPath(TABLE, 'order', [])).toBe('order');
  });

  it('drops the root only in first position', () => {
    expect(resolveFieldPath(TABLE, '[items][order]', [])).toBe('items.order');
  });

  it('translates the first segment through the aliases', () => {
    expect(resolveFieldPath(TABLE, 'dropoff', [])).toBe('destination');
    expect(resolveFieldPath(TABLE, 'pickup.address.address1', [])).toBe('origin.address.address1');
    expect(resolveFieldPath(TABLE, '[order][dropoff][address]', [])).toBe('destination.address');
  });

  it('translates only the first segment', () => {
    expect(resolveFieldPath(TABLE, 'items.dropoff', [])).toBe('items.dropoff');
  });

  it('does not treat inherited object properties as aliases', () => {
    expect(resolveFieldPath(TABLE, 'constructor.x', [])).toBe('constructor.x');
    expect(resolveFieldPath(TABLE, 'toString', [])).toBe('toString');
    expect(resolveFieldPath(TABLE, '__proto__', [])).toBe('__proto__');
  });

  it('resolves an abbreviated path to the one known path it abbreviates', () => {
    expect(resolveFieldPath(TABLE, 'destination.address1', KNOWN)).toBe('destination.address.address1');
    expect(resolveFieldPath(TABLE, 'dropoff.address1', KNOWN)).toBe('destination.address.address1');
    expect(resolveFieldPath(TABLE, '[order][pickup][address1]', KNOWN)).toBe('origin.address.address1');
  });

  it('keeps a path that is itself known', () => {
    expect(resolveFieldPath(TABLE, 'destination.address', KNOWN)).toBe('destination.address');
    expect(resolveFieldPath(TABLE, 'items.name', KNOWN)).toBe('items.name');
  });

  it('keeps the path when several known paths fit', () => {
    const known = ['a.x.leaf', 'a.y.leaf'];
    expect(resolveFieldPath(plain, 'a.leaf', known)).toBe('a.leaf');
  });

  it('keeps the path when no known path fits', () => {
    expect(resolveFieldPath(TABLE, 'destination.postcode', KNOWN)).toBe('destination.postcode');
    expect(resolveFieldPath(TABLE, 'nothing.address1', KNOWN)).toBe('nothing.address1');
  });

  it('matches whole segments only', () => {
    const known = ['a.b.xleaf', 'ab.c.leaf'];
    expect(resolveFieldPath(plain, 'a.leaf', known)).toBe('a.leaf');
  });

  it('does not resolve single-segment paths', () => {
    expect(resolveFieldPath(plain, 'address1', ['destination.address.address1'])).toBe('address1');
  });

  it('keeps the path unchanged when no known paths are given', () => {
    expect(resolveFieldPath(TABLE, 'destination.address1', [])).toBe('destination.address1');
  });
});

describe('matchMessage', () => {
  it('returns undefined when no row matches', () => {
    expect(matchMessage(TABLE, 'something else entirely')).toBeUndefined();
  });

  it('never matches the empty message with a pattern row', () => {
    const anything: MessageTableData = { aliases: {}, rows: [{ id: 'any', pattern: '.*', fields: ['x'] }] };
    expect(matchMessage(anything, '')).toBeUndefined();
    expect(matchMessage(anything, 'x')?.row.id).toBe('any');
  });

  it('fills templates from named groups and resolves them', () => {
    const match = matchMessage(TABLE, "'dropoff.address1' must not be blank", KNOWN);
    expect(match?.row).toBe(row('blank_field'));
    expect(match?.fields).toEqual(['destination.address.address1']);
  });

  it('resolves without known paths to the translated path', () => {
    expect(matchMessage(TABLE, "'[order][pickup][address1]' must not be blank")?.fields).toEqual(['origin.address1']);
  });

  it('returns a match with no fields for rows that name none', () => {
    const match = matchMessage(TABLE, 'Postcode is wrong');
    expect(match?.row.id).toBe('no_fields');
    expect(match?.fields).toEqual([]);
  });

  it('uses the first matching row in table order', () => {
    const table: MessageTableData = {
      aliases: {},
      rows: [
        { id: 'first', pattern: 'dup', fields: ['one'] },
        { id: 'second', pattern: 'dup', fields: ['two'] },
      ],
    };
    expect(matchMessage(table, 'a dup b')?.row.id).toBe('first');
  });

  it('skips rows without a pattern', () => {
    const table: MessageTableData = { aliases: {}, rows: [{ id: 'e', empty: true, fields: ['f'] }, { id: 'p', pattern: 'x', fields: ['g'] }] };
    expect(matchMessage(table, 'x')?.row.id).toBe('p');
  });

  it('fills templates in order and drops duplicates', () => {
    expect(matchMessage(TABLE, 'both items and kind')?.fields).toEqual(['items', 'kind']);
    expect(matchMessage(TABLE, 'both origin and destination')?.fields).toEqual(['origin', 'destination', 'kind']);
  });

  it('drops fields whose template fills to nothing', () => {
    expect(matchMessage(TABLE, 'maybe')?.fields).toEqual([]);
    expect(matchMessage(TABLE, 'maybe kind')?.fields).toEqual(['kind']);
  });

  it('fills templates with literal text around the group', () => {
    expect(matchMessage(TABLE, '[destination][address][address1] bad', KNOWN)?.fields).toEqual(['destination.address.address1']);
  });

  it('collects the fields of every match for `all` rows, in order, without duplicates', () => {
    const message = '[destination] is missing, [items] is missing, [destination] is missing, [origin] is missing';
    const match = matchMessage(TABLE, message, KNOWN);
    expect(match?.row.id).toBe('missing_all');
    expect(match?.fields).toEqual(['destination', 'items', 'origin']);
  });

  it('gives the same answer for `all` rows on repeated calls (no regex state leaks)', () => {
    const message = '[origin] is missing and [items] is missing';
    const first = matchMessage(TABLE, message);
    const second = matchMessage(TABLE, message);
    const third = matchMessage(TABLE, '[items] is missing');
    expect(first?.fields).toEqual(['origin', 'items']);
    expect(second?.fields).toEqual(['origin', 'items']);
    expect(third?.fields).toEqual(['items']);
  });

  it('gives the same answer for single rows on repeated calls', () => {
    for (let i = 0; i < 3; i++) expect(matchMessage(TABLE, "'kind' must not be blank")?.fields).toEqual(['kind']);
  });

  it('cuts messages to MAX_MESSAGE_LENGTH before matching', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(4096);
    const within = `${'x'.repeat(MAX_MESSAGE_LENGTH - 'tail-marker'.length)}tail-marker`;
    expect(within.length).toBe(MAX_MESSAGE_LENGTH);
    expect(matchMessage(TABLE, within)?.row.id).toBe('tail');
    const beyond = `${'x'.repeat(MAX_MESSAGE_LENGTH - 3)}tail-marker`;
    expect(matchMessage(TABLE, beyond)).toBeUndefined();
  });

  it('bounds the text an `all` row scans', () => {
    const repeated = '[items] is missing, '.repeat(1000);
    const start = Date.now();
    const match = matchMessage(TABLE, repeated);
    expect(Date.now() - start).toBeLessThan(500);
    expect(match?.fields).toEqual(['items']);
  });
});

describe('matchMessage remembers short messages', () => {
  it('answers a repeated message with the match it found first', () => {
    const first = matchMessage(TABLE, "'dropoff.address1' must not be blank", KNOWN);
    const again = matchMessage(TABLE, "'dropoff.address1' must not be blank", KNOWN);
    expect(first?.fields).toEqual(['destination.address.address1']);
    expect(again).toBe(first);
    expect(matchMessage(TABLE, 'no row matches this', KNOWN)).toBeUndefined();
    expect(matchMessage(TABLE, 'no row matches this', KNOWN)).toBeUndefined();
  });

  it('keeps answers apart per known-paths list and per table', () => {
    const text = "'dropoff.address1' must not be blank";
    expect(matchMessage(TABLE, text, KNOWN)?.fields).toEqual(['destination.address.address1']);
    expect(matchMessage(TABLE, text, [])?.fields).toEqual(['destination.address1']);
    expect(matchMessage(TABLE, text)?.fields).toEqual(['destination.address1']);
    const other: MessageTableData = { aliases: {}, rows: [{ id: 'other', pattern: 'blank', fields: ['x'] }] };
    expect(matchMessage(other, text, KNOWN)?.row.id).toBe('other');
  });

  it('stays right past the memory bound and for long messages', () => {
    for (let i = 0; i < 600; i++) {
      const match = matchMessage(TABLE, `both f${i} and g${i}`, KNOWN);
      expect(match?.fields).toEqual([`f${i}`, `g${i}`, 'kind']);
    }
    const long = `'${'a'.repeat(1000)}' must not be blank`;
    expect(matchMessage(TABLE, long, KNOWN)?.fields).toEqual(['a'.repeat(1000)]);
    expect(matchMessage(TABLE, long, KNOWN)).not.toBe(matchMessage(TABLE, long, KNOWN));
  });
});

describe('matchEmptyMessage', () => {
  it('returns the empty row with its fields resolved', () => {
    const match = matchEmptyMessage(TABLE, KNOWN);
    expect(match?.row).toBe(row('empty_row'));
    expect(match?.row.ambiguous).toBe(true);
    expect(match?.fields).toEqual(['payment_mode', 'destination']);
  });

  it('returns undefined when the table has no empty row', () => {
    const table: MessageTableData = { aliases: {}, rows: [{ id: 'p', pattern: 'x', fields: [] }] };
    expect(matchEmptyMessage(table)).toBeUndefined();
  });

  it('returns the first empty row', () => {
    const table: MessageTableData = {
      aliases: {},
      rows: [
        { id: 'e1', empty: true, fields: ['a'] },
        { id: 'e2', empty: true, fields: ['b'] },
      ],
    };
    expect(matchEmptyMessage(table)?.row.id).toBe('e1');
  });
});
