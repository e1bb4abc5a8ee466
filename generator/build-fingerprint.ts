/**
 * Build step (`npm run build`): writes the generator's fingerprint (a hash of its compiled code and
 * the runtime templates) beside the code, so a no-change `generate` reads it instead of hashing
 * every file. Run after the compiler: it hashes what the compiler wrote.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeGeneratorFingerprint, FINGERPRINT_FILE } from './generate.js';

writeFileSync(join(dirname(fileURLToPath(import.meta.url)), FINGERPRINT_FILE), `${computeGeneratorFingerprint()}\n`);
