/**
 * Maps an API's validation messages to request field paths, driven by the contract's message
 * table. Shared by the generated runtime and the generator (which runs each row's example through
 * it when validating a contract), so both always agree.
 */
import type { MessageRowData, MessageTableData } from './spec.js';
export interface MessageMatch {
    readonly row: MessageRowData;
    readonly fields: readonly string[];
}
/** Longer messages are cut before matching, so no pattern can be made to run for long. */
export declare const MAX_MESSAGE_LENGTH = 4096;
/**
 * The first row whose pattern matches `message`, with the request field paths it names.
 * `knownPaths` (dotted request field paths) lets a shortened path such as `destination.address1`
 * resolve to the one known path it abbreviates (`destination.address.address1`).
 * Tables are constants, so a short message's match is remembered: the patterns run once for it.
 * The match returned may be shared between calls and must not be changed.
 */
export declare function matchMessage(table: MessageTableData, message: string, knownPaths?: readonly string[]): MessageMatch | undefined;
/** The row that applies when every message of an envelope is empty. */
export declare function matchEmptyMessage(table: MessageTableData, knownPaths?: readonly string[]): MessageMatch | undefined;
/**
 * Normalises a message's field reference to a request field path: bracket paths become dotted,
 * the wrapper root is dropped, the first segment is translated through the aliases, and an
 * abbreviated path is resolved against the known request paths when exactly one fits.
 */
export declare function resolveFieldPath(table: MessageTableData, raw: string, knownPaths: readonly string[]): string;
