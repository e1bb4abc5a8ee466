/** Bounds on contract input, shared by the loader and the no-op path (which loads no parser), and on the output folder's own records. */

/**
 * What `import` writes, `validate` and `generate` read: the largest description of the public
 * corpus (Microsoft Graph beta, 47 MB of JSON) imports to a 35.6 MB contract, read in 2.0 s by
 * the subset reader (load → validate → model: 6.0 s). Twice its size leaves room; past it, a
 * contract is a mistake or an attack (docs/reliability.md).
 */
export const MAX_CONTRACT_BYTES = 64 * 1024 * 1024;
/**
 * What the `yaml` package parses as one document: it reads ~1 MB/s here and holds many times the
 * text in memory, so a larger contract is read only by the subset reader (plain block YAML, as
 * `import` writes it), its positions found by parsing the piece that holds each (pieces.ts).
 */
export const MAX_YAML_DOCUMENT_BYTES = 4 * 1024 * 1024;
/**
 * Values (mapping entries and list items) a contract's text may hold. A contract's cost grows with
 * its values, not its bytes: Graph beta's holds 1.22 million (29 bytes each), while 64 MiB of
 * one-line endpoints holds 4.9 million and took the subset reader 25 s and 2 GB. Twice Graph
 * beta's; 4 MiB of YAML holds at most 2.1 million, so only the subset reader meets this bound.
 */
export const MAX_CONTRACT_VALUES = 2_500_000;
/** Aliases expanded when converting to plain data; bounds "billion laughs" documents. */
export const MAX_ALIAS_COUNT = 100;
/** Nesting deeper than any real contract; bounds stack use of later recursive stages. */
export const MAX_DEPTH = 64;
/** An OpenAPI description may be far larger (the largest of the public corpus is 47 MB of JSON); JSON.parse reads it in a second. */
export const MAX_DESCRIPTION_BYTES = 256 * 1024 * 1024;
/**
 * The output folder's manifest and write journal: a path and a hash a file, so far above any real
 * one; a larger file there was not written by contractgen and is not read.
 */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;
/**
 * An overlay is written by hand, like a contract, and read whole by yaml: the contract's bounds
 * apply (aliases, nesting, and this size, about 3 s of parsing at most).
 */
export const MAX_OVERLAY_BYTES = 4 * 1024 * 1024;
/**
 * The work all the overlays of one input may do (generator/overlay/targets.ts counts the steps):
 * about 10 s here. The heaviest real target measured, a filter under `$..` over the corpus's
 * largest description (microsoft.com/graph-beta, 47 MB), takes 21.5 million steps (2.1 s).
 */
export const MAX_OVERLAY_STEPS = 100_000_000;
/**
 * The nodes one list of an overlay target may hold (what a segment selects, a query inside a
 * filter): about 300 MB at worst. Real targets select what they change, a few thousand nodes at
 * most; `$..*` over the largest description measured (1.5 million nodes) is refused.
 */
export const MAX_OVERLAY_NODES = 1_000_000;
