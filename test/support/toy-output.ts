/**
 * A toy output, registered the way CONTRIBUTING.md's recipe says: one module exporting one
 * descriptor. It proves that an output reaches the package (files, runtime, manifest, README) and
 * the name-collision check through its descriptor alone; test/outputs.test.ts uses it.
 */
import type { OutputDescriptor } from '../../generator/emit/output.js';
import { list } from '../../generator/emit/pretty.js';
import { pascal, stringLiteral } from '../../generator/naming.js';

const MODULE = 'toy';

export const TOY_OUTPUT: OutputDescriptor = {
  id: 'toy',
  enabled: (contract) => contract.endpoints.length > 0,
  files: (emit) => [
    ...emit.tsFile(MODULE, (file) => {
      const ids = emit.contract.endpoints.map((e) => stringLiteral(e.id));
      file.doc('Every operation id, for the toy output.');
      const js = `export const TOY_OPERATIONS = [${ids.join(', ')}];`;
      file.value(js, `export declare const TOY_OPERATIONS: readonly string[];`, () => file.lines(list('export const TOY_OPERATIONS: readonly string[] = ', '[', ids, ']', ';', file.level)));
    }),
    { path: 'toy/notes.txt', text: `${emit.contract.info.title}\n`, format: 'none' },
  ],
  runtime: [],
  exports: () => ({ './toy': { module: MODULE }, './toy/notes.txt': { file: './toy/notes.txt' } }),
  packageFiles: ['toy'],
  peerDependencies: [{ name: 'toy-peer', range: '^1.0.0', optional: false }],
  readme: () => ['## Toy', '', '`<package>/toy` lists the operation ids.', ''],
  names: (contract) => [
    {
      id: 'toy',
      reserved: ['TOY_OPERATIONS'],
      claims: [
        ...contract.types.map((t) => ({ name: `${pascal(t.name)}Toy`, owner: `type '${t.name}'`, path: ['types', t.name] })),
        ...contract.endpoints.map((e) => ({ name: `${pascal(e.id)}Toy`, owner: `endpoint '${e.id}'`, path: ['endpoints', e.id] })),
      ],
    },
  ],
};
