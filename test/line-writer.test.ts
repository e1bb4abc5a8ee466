/**
 * The writer behind every generated file (generator/emit/line-writer.ts): a section recorded with
 * `since` and written again with `replay` must lay out exactly as the same calls made directly,
 * so a watch session's output is a one-shot run's, including the blank line a closing brace
 * takes back.
 */
import { describe, expect, it } from 'vitest';
import { LineWriter } from '../generator/emit/line-writer.js';

type Section = (w: LineWriter) => void;

/** `function f() { a; <section> }` written directly, with the section recorded, and with it replayed. */
function threeWays(section: Section): { direct: string; recorded: string; replayed: string; pieces: [readonly string[], readonly string[]] } {
  const direct = new LineWriter();
  direct.write('function f()').block(() => {
    direct.writeLine('a;');
    section(direct);
  });
  const recorder = new LineWriter();
  let record: { body: string; newline: boolean; start: string; end: string } | undefined;
  recorder.write('function f()').block(() => {
    recorder.writeLine('a;');
    const start = recorder.state();
    const mark = recorder.mark();
    section(recorder);
    record = { ...recorder.since(mark), start, end: recorder.state() };
  });
  const replayer = new LineWriter();
  replayer.write('function f()').block(() => {
    replayer.writeLine('a;');
    expect(replayer.state()).toBe(record!.start);
    replayer.replay(record!.body, record!.newline, record!.end);
  });
  return { direct: direct.joined('', ''), recorded: recorder.joined('', ''), replayed: replayer.joined('', ''), pieces: [recorder.pieces().slice(), replayer.pieces().slice()] };
}

describe('a recorded section', () => {
  const sections: [string, Section][] = [
    ['lines', (w) => w.writeLines(['b;', 'c;'])],
    ['a blank line last, which the closing brace takes back', (w) => w.writeLine('b;').blankLine()],
    ['a blank line inside lines written at once, which it does not', (w) => w.writeLines(['b;', ''])],
    ['a nested block', (w) => w.write('if (x)').block(() => w.writeLine('y;'))],
    ['nothing', () => undefined],
  ];

  it.each(sections)('lays out as the calls made directly, recorded and replayed, in the same pieces: %s', (_name, section) => {
    const { direct, recorded, replayed, pieces } = threeWays(section);
    expect(recorded).toBe(direct);
    expect(replayed).toBe(direct);
    expect(pieces[1]).toEqual(pieces[0]);
  });

  it('the closing brace takes back a blank line written last (so the case above tests something)', () => {
    const { direct } = threeWays((w) => w.writeLine('b;').blankLine());
    expect(direct).toBe('function f() {\n  a;\n  b;\n}');
  });
});
