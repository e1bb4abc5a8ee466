/**
 * `npm run fuzz`: the long-running property tests, test/fuzz/**\/*.fuzz.ts, kept out of `npm test`.
 * Extends test/vitest.config.ts. mergeConfig concatenates arrays, so `include` is set again after
 * merging: merged alone it would be the base's *.test.ts globs plus this one, running every test.
 */
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import base from '../vitest.config.js';

const FUZZ = ['test/fuzz/**/*.fuzz.ts'];

const merged: ViteUserConfig = mergeConfig(base, defineConfig({ test: { include: FUZZ, testTimeout: 900_000 } }));

export default defineConfig({ ...merged, test: { ...merged.test, include: FUZZ } });
