/**
 * A finding's words, with the tool's own text and contract text kept apart. A contract names its
 * elements and values as it likes (`<!--`, a line break and `# No breaking changes`, `@someone`,
 * an escape sequence), so each report format quotes exactly the contract's parts, each its own
 * way (`generator/escape.ts`), and never has to guess which is which.
 */
import type { ParamLocation } from '../model/types.js';

/** A run of text: the tool's own words, or text taken from a contract (`contract: true`). */
export interface Part {
  readonly text: string;
  readonly contract?: true;
}

export type Phrase = readonly Part[];

/**
 * `phrase\`field ${owner}.${name}\``: the template's words are the tool's; every string put in is
 * contract text, and a phrase put in keeps its parts.
 */
export function phrase(words: TemplateStringsArray, ...values: readonly (string | Phrase)[]): Phrase {
  const out: Part[] = [];
  words.forEach((word, i) => {
    own(out, word);
    const value = values[i];
    if (typeof value === 'string') out.push({ text: value, contract: true });
    else for (const part of value ?? []) if (part.contract === true) out.push(part);
    else own(out, part.text);
  });
  return out;
}

/** A parameter's place, a word of the model's closed set, as the tool's own words. */
export function placeWord(place: ParamLocation): Phrase {
  return [{ text: place }];
}

function own(out: Part[], text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last !== undefined && last.contract !== true) out[out.length - 1] = { text: last.text + text };
  else out.push({ text });
}

/** The phrase as one plain string, the contract's text as it is (JSON, sorting, the library's `message`). */
export function plainText(words: Phrase): string {
  return words.map((p) => p.text).join('');
}

/** The phrase in a format: the tool's words as they are, the contract's through `quote`. */
export function render(words: Phrase, quote: (contractText: string) => string): string {
  return words.map((p) => (p.contract === true ? quote(p.text) : p.text)).join('');
}

/** A sentence's start: its first letter upper case when the tool wrote it (contract text is shown as written). */
export function capitalised(words: Phrase): Phrase {
  const [first, ...rest] = words;
  if (first === undefined || first.contract === true) return words;
  return [{ text: first.text.charAt(0).toUpperCase() + first.text.slice(1) }, ...rest];
}

/** Two phrases that read the same, part for part. */
export function samePhrase(a: Phrase, b: Phrase): boolean {
  return a.length === b.length && a.every((p, i) => p.text === b[i]?.text && p.contract === b[i]?.contract);
}
