/** Bounds on contract input, shared by the loader and the no-op path (which loads no parser), and on the output folder's own records. */

/** Past this, YAML parsing alone takes seconds; a contract that large is a mistake or an attack. */
export const MAX_CONTRACT_BYTES = 4 * 1024 * 1024;
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
