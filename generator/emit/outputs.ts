/**
 * The outputs a generated package can carry, in the order the package lists them. Adding an output
 * is a module exporting its descriptor (output.ts) plus its entry here; CONTRIBUTING.md has the recipe.
 */
import { DATES } from './dates-output.js';
import { MOCKS_ENTRY } from './emit-mocks.js';
import { QUERY_ENTRY } from './emit-query.js';
import { ZOD_ENTRY } from './emit-zod.js';
import { MAIN_ENTRY } from './main-entry.js';
import { OPENAPI_DOCUMENT } from './openapi-output.js';
import type { OutputDescriptor } from './output.js';
import { VALIDATORS_ENTRY } from './emit-validators.js';
import { WEBHOOKS_ENTRY } from './emit-webhooks.js';

export const OUTPUTS: readonly OutputDescriptor[] = [MAIN_ENTRY, DATES, VALIDATORS_ENTRY, MOCKS_ENTRY, OPENAPI_DOCUMENT, ZOD_ENTRY, QUERY_ENTRY, WEBHOOKS_ENTRY];
