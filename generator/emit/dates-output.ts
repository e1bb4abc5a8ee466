/**
 * Dates as `Date` objects (`outputs: { dates: Date }`): no files of its own (the types, tables and
 * mocks write their parts, date-plans.ts), but the runtime module that reads and writes them,
 * templates/dates.ts, and the README's section on them. A package with `dates: string` carries
 * neither, so its output is what it was.
 */
import { datesOn } from './date-plans.js';
import type { OutputDescriptor } from './output.js';

export const DATES: OutputDescriptor = {
  id: 'dates',
  enabled: datesOn,
  files: () => [],
  runtime: ['dates'],
  exports: () => ({}),
  packageFiles: [],
  peerDependencies: [],
  readme: (contract) => [
    '## Dates',
    '',
    "`date-time` and `date` values are `Date` objects, in the types and at run time, both ways (the contract's `outputs: { dates: Date }`).",
    '',
    '- Read: where a JSON success body or a JSON stream item or event holds a `date-time` or `date` string, the call gives a Date. A string that is not a valid one stays the string, never an Invalid Date.',
    "- A `date` is 00:00 UTC of its day: read it with the UTC getters (`getUTCDate()`), make one with `new Date(Date.UTC(2024, 1, 29))` or `new Date('2024-02-29')`. It is sent as that day, `YYYY-MM-DD`, in any time zone.",
    '- A `date-time` is sent as `toISOString()`: UTC, to the millisecond (a received value loses any finer digits).',
    '- Requests take a Date in bodies (JSON, form, multipart) and in path, query, header and cookie parameters; an invalid Date is refused (`invalid_request`), a string passed anyway is sent as it is.',
    '- Error bodies (`error.body`), and bodies or events read as text, keep the strings the server sent: their types say so (`WireDates<…>`).',
    ...(contract.outputs.mocks ? ["- The mocks' typed `FIXTURES` hold Dates; the handlers send them as text, as `mocks/fixtures.json` holds them."] : []),
    '',
  ],
  names: () => [],
};
