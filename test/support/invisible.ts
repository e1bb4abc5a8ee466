/**
 * The characters no output of the tool may hold raw, written out here independently of
 * generator/escape.ts: C0 controls but the line feed, DEL and C1 controls, the line and paragraph
 * separators, bidirectional controls and zero-width characters.
 */
export const RAW_INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
