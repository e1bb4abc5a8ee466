/**
 * Contract text, escaped for each format the tool prints it in. Contracts and their file names
 * come from whoever can open a pull request, and their text lands in terminals (diagnostics, the
 * text review), Markdown (the review posted on a pull request, the package README), GitHub
 * workflow commands and JSON. Each format has one function here, applied where contract text
 * enters it; the tool's own words need none. Generated code has its own rule in
 * `generator/naming.ts`, which takes the invisible characters from here.
 */

/**
 * Characters that print nothing or move other text without showing themselves: DEL and the C1
 * controls (U+009B starts a terminal escape sequence as ESC [ does), the line and paragraph
 * separators, bidirectional controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069: text
 * that reads one way and runs another, "Trojan Source"), and zero-width characters (U+200B–U+200D,
 * U+2060–U+2064, U+FEFF), and the noncharacters U+FFFE and U+FFFF, which YAML may not hold raw.
 * JSON.stringify leaves all of them raw; the C0 controls it escapes are added in HIDDEN.
 */
const INVISIBLE_CLASS = '\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff\\ufffe\\uffff';
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'g');
const HIDDEN = new RegExp(`[\\u0000-\\u001f${INVISIBLE_CLASS}]`, 'g');
const BEYOND_ASCII = /[\u007f-\uffff]/;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text with every control, separator, bidirectional and zero-width character shown as its escape
 * (`\n`, `\u001b`, `\u202e`): the terminal's rule. What it returns is one line, runs no escape
 * sequence and reads in the order it is stored.
 */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, (c) => SHORT[c] ?? unicodeEscape(c));
}

/**
 * Text already escaped as JSON (JSON.stringify's output, a JSON string's body), with the invisible
 * characters JSON leaves raw escaped too: the same value to any JSON or JavaScript reader, and a
 * JSON string so escaped is a YAML double-quoted scalar.
 * Outside strings JSON text is ASCII, so a whole document may be passed.
 */
export function escapeInvisible(json: string): string {
  // Most text is ASCII: one test, and no replace, for it (generation quotes every string literal here).
  return BEYOND_ASCII.test(json) ? json.replace(INVISIBLE, unicodeEscape) : json;
}

/** A JSON document, indented by two, with no raw invisible character. */
export function jsonText(value: unknown): string {
  return escapeInvisible(JSON.stringify(value, null, 2));
}

/**
 * Contract text in Markdown: an inline code span, the one construct GitHub renders as it is
 * written (no HTML, no heading, no `@mention`, no autolink, no `#123` reference, no emoji). Its
 * fence is longer than any run of backticks inside; a space pads text that starts or ends with a
 * backtick or a space (CommonMark takes one off each side). Invisible characters are shown
 * escaped, so it stays on its line. In a table cell, `markdownCell` escapes its pipes.
 */
export function markdownCode(text: string): string {
  const shown = visibleText(text);
  if (shown === '') return '` `';
  let longest = 0;
  for (const run of shown.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(shown) && /[^ ]/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * A fenced code block of `lines`: its fence one backtick longer than any run of backticks inside
 * (at least three, as prettier writes it), so no line can close it early; the lines must already
 * be safe for their language (generated code quotes contract text through naming.ts).
 */
export function markdownFence(lines: readonly string[], info: string): string[] {
  let longest = 0;
  for (const line of lines) for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...lines, fence];
}

/** A GitHub table cell: its pipes escaped, which GFM reads as part of the cell, in code spans too. */
export function markdownCell(cell: string): string {
  return cell.replace(/\|/g, '\\|');
}

/**
 * A GitHub workflow command's message (`::error ...::message`): the runner ends it at a line
 * break and decodes `%25`, `%0D`, `%0A`; contract text in it is passed through `visibleText`
 * first (the log viewer runs terminal escape sequences).
 */
export function workflowData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (`file=…`), which also ends at `,` and `:`: `::` would end the properties. */
export function workflowProperty(text: string): string {
  return workflowData(visibleText(text)).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
