/**
 * The package's optional `mocks` entry: `mocks/fixtures.ts` (every fixture as typed data, also
 * written as `mocks/fixtures.json` for projects without msw) and `mocks/index.ts` (`createMocks`,
 * msw handlers per endpoint). Nothing here imports msw: the caller passes msw's `http` in, so the
 * main entry and this one keep zero dependencies.
 */
import { knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Webhooks } from '../model/types.js';
import { exampleValue } from './value-example.js';
import { propertyKey, stringLiteral } from '../naming.js';
import { distinctEndpoints } from './main-entry.js';
import { datedExample, datedFixtures, datesOn, readPlan } from './date-plans.js';
import { fixtureData, mockFixtures, type EndpointFixtures } from './mock-fixtures.js';
import { CLIENT, endpointNames, handlersName, hostNames, MOCKS, MOCKS_RUNTIME_TYPES, MOCKS_STREAM_TYPES, MODULE, RUNTIME, TABLES, WEBHOOKS } from './names.js';
import type { NameClaim, OutputDescriptor } from './output.js';
import { data, fits, json, list, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

const RUNTIME_MOCKS = MODULE.runtime.mocks;

/** The msw versions whose `http` the generated handlers are built for. */
const MSW_RANGE = '^2.0.0';

const FIXTURES_JSON = 'mocks/fixtures.json';

export const MOCKS_ENTRY: OutputDescriptor = {
  id: 'mocks',
  enabled: (contract) => contract.outputs.mocks,
  files: (emit) => [
    ...emit.tsFile(MODULE.mocksFixtures, (f) => emitFixtures(f, emit.contract)),
    ...emit.tsFile(MODULE.mocksIndex, (f) => emitMocks(f, emit.contract)),
    // The same data as `FIXTURES`, for tests that do not use msw.
    { path: FIXTURES_JSON, text: json(fixtureData(mockFixtures(emit.contract))), format: 'json' },
  ],
  runtime: ['mocks'],
  // Test helpers, kept out of the main entry: msw handlers and the fixtures they answer with.
  exports: () => ({ './mocks': { module: MODULE.mocksIndex }, [`./${FIXTURES_JSON}`]: { file: `./${FIXTURES_JSON}` } }),
  packageFiles: ['mocks'],
  // Only the mocks entry works with msw, and it takes msw's `http` from the caller: nothing
  // imports msw, so it is optional, and the range only says which msw the handlers fit.
  peerDependencies: [{ name: 'msw', range: MSW_RANGE, optional: true }],
  readme: (contract) => mocksReadme(contract),
  names: (contract) => [{ id: 'mocks', reserved: [...Object.values(MOCKS), ...runtimeTypes(contract), CLIENT.Environment, CLIENT.ServerVariables], claims: mocksClaims(contract) }],
};

/** The mocks entry's names for hosts and endpoints (fixture keys), and the endpoint data and stream item types it imports. */
function mocksClaims(contract: Contract): NameClaim[] {
  const imported = (e: Endpoint) => [endpointNames.fixtureKey, endpointNames.data, ...(streams(contract, e) ? [endpointNames.streamItem] : [])];
  return [
    ...contract.hosts.map((h) => ({ name: hostNames.fixtureKey(h.name), owner: `host '${h.name}'`, path: ['hosts', h.name] })),
    ...distinctEndpoints(contract).flatMap((e) => imported(e).map((name) => ({ name: name(e.id), owner: `endpoint '${e.id}'`, path: ['endpoints', e.id] }))),
  ];
}

/** Whether the endpoint's success handler streams (it has a stream fixture). */
function streams(contract: Contract, e: Endpoint): boolean {
  return knowledge(contract).streamOf(e) !== undefined;
}

/** The runtime's mocks types the entry re-exports: those of streams only where an endpoint streams. */
function runtimeTypes(contract: Contract): readonly string[] {
  return contract.endpoints.some((e) => streams(contract, e)) ? [...MOCKS_RUNTIME_TYPES, ...MOCKS_STREAM_TYPES].sort() : MOCKS_RUNTIME_TYPES;
}

function emitFixtures(file: TsFile, contract: Contract): void {
  const fixtures = mockFixtures(contract);
  for (const { host, fixtures: list } of fixtures.hosts) {
    file.doc(`Keys of the ${host.name} host's error fixtures.`);
    keyUnion(file, hostNames.fixtureKey(host.name), list.map((f) => stringLiteral(f.key)));
  }
  for (const { endpoint, errors } of fixtures.endpoints) {
    file.doc(`Keys of ${endpoint.id}'s error fixtures: the ${endpoint.host} host's, and its own.`);
    keyUnion(file, endpointNames.fixtureKey(endpoint.id), [hostNames.fixtureKey(endpoint.host), ...errors.map((f) => stringLiteral(f.key))]);
  }
  file.w.blankLine();
  emitFixtureKeys(file, contract);
  emitFixturesType(file, contract);
  // Where the package reads dates as Dates, the typed fixtures hold Dates, as the client returns them.
  const typed = wiresFixtures(contract) ? datedFixtures(knowledge(contract), fixtures) : fixtures;
  file.doc(`Every fixture of the contract; \`mocks/fixtures.json\` holds the same data${typed === fixtures ? '' : ', its dates as the text the handlers send'}.`);
  file.constant(MOCKS.FIXTURES, MOCKS.Fixtures, (prefix, suffix) => data(fixtureData(typed), file.level, prefix, suffix).split('\n'));
}

function keyUnion(file: TsFile, name: string, members: readonly string[]): void {
  file.lines(union(`export type ${name} =`, members.length === 0 ? ['never'] : members, ';', file.level));
}

function emitFixtureKeys(file: TsFile, contract: Contract): void {
  file.doc('Each endpoint\'s fixture keys, by operation id.');
  file.w.write(`export interface ${MOCKS.FixtureKeys} `).block(() => {
    for (const e of contract.endpoints) file.w.writeLine(`readonly ${propertyKey(e.id)}: ${endpointNames.fixtureKey(e.id)};`);
  });
  file.w.blankLine();
}

function emitFixturesType(file: TsFile, contract: Contract): void {
  const hostFixtures = file.useType(RUNTIME_MOCKS, RUNTIME.mocks.MockHostFixtures);
  const endpointFixtures = file.useType(RUNTIME_MOCKS, RUNTIME.mocks.MockEndpointFixtures);
  file.useType(RUNTIME_MOCKS, RUNTIME.mocks.MockErrorFixture);
  file.doc('The fixtures: per host, every documented error response; per endpoint, its success and its own errors.');
  file.w.write(`export interface ${MOCKS.Fixtures} `).block(() => {
    file.w.write('readonly hosts: ').inlineBlock(() => {
      for (const h of contract.hosts) file.lines(list(`readonly ${propertyKey(h.name)}: ${hostFixtures}`, '<', [hostNames.fixtureKey(h.name)], '>', ';', file.level, false));
    });
    file.w.write(';').newLine();
    file.w.write('readonly endpoints: ').inlineBlock(() => {
      for (const e of contract.endpoints) {
        const args = [file.useType(MODULE.client, endpointNames.data(e.id)), hostNames.fixtureKey(e.host), endpointNames.fixtureKey(e.id)];
        // A streaming endpoint's fixtures hold its stream too, typed by the stream's items.
        const type = streams(contract, e) ? file.useType(RUNTIME_MOCKS, RUNTIME.mocks.MockStreamEndpointFixtures) : endpointFixtures;
        const typeArgs = streams(contract, e) ? [...args, file.useType(MODULE.client, endpointNames.streamItem(e.id))] : args;
        file.lines(list(`readonly ${propertyKey(e.id)}: ${type}`, '<', typeArgs, '>', ';', file.level, false));
      }
    });
    file.w.write(';').newLine();
  });
  file.w.blankLine();
}

function emitMocks(file: TsFile, contract: Contract): void {
  const reexport = `export * from './fixtures.js';`;
  file.value(reexport, reexport, () => file.w.writeLine(reexport));
  file.lines(list('export type ', '{', runtimeTypes(contract), '}', ` from '${file.specifier(RUNTIME_MOCKS)}';`, 0));
  file.w.blankLine();
  file.doc("Where the mocked APIs answer: the options a client is created with (its environment, server variables and base URLs; the rest is not read).");
  const environment = file.useType(MODULE.client, CLIENT.Environment);
  file.lines([`export type ${MOCKS.MockTarget}<E extends ${environment} = ${environment}> = ${file.useType(MODULE.client, CLIENT.ClientOptions)}<E>;`]);
  file.w.blankLine();
  const handlers = handlersName(contract.endpoints.map((e) => e.id));
  emitMocksType(file, contract, handlers);
  emitCreateMocks(file, contract, handlers);
  if (contract.webhooks !== undefined) emitWebhookFixtures(file, contract, contract.webhooks);
}

/**
 * An example of every webhook event (its payload and the headers it requires), and all of them
 * signed as the API signs them, through the webhooks entry's `signWebhook`: deliveries to post to
 * a receiver under test.
 */
function emitWebhookFixtures(file: TsFile, contract: Contract, webhooks: Webhooks): void {
  const { WebhookExamples, WEBHOOK_EXAMPLES, signedWebhooks } = MOCKS;
  const type = (name: string) => file.useType(MODULE.webhooks, name);
  const [Type, Map] = [type(WEBHOOKS.WebhookType), type(WEBHOOKS.WebhookEventMap)];
  const [SignOptions, SignedWebhook] = [type('SignOptions'), type('SignedWebhook')];
  file.w.blankLine();
  file.doc('An example of each webhook event: its payload, and the headers it requires.');
  file.lines([
    `export type ${WebhookExamples} = {`,
    `  readonly [T in ${Type}]: {`,
    `    readonly payload: ${Map}[T]['payload'];`,
    '    readonly headers: Readonly<Record<string, string>>;',
    '  };',
    '};',
  ]);
  file.w.blankLine();
  const examples = Object.fromEntries(
    webhooks.events.map((e) => [e.name, { payload: datedExample(contract, e.payload, exampleValue(contract, e.payload)), headers: Object.fromEntries(e.headers.filter((h) => h.required).map((h) => [h.name.toLowerCase(), 'example'])) }]),
  );
  file.doc('An example of every webhook event, for tests of a receiver.');
  file.constant(WEBHOOK_EXAMPLES, WebhookExamples, (prefix, suffix) => data(examples, file.level, prefix, suffix).split('\n'));
  file.w.blankLine();
  file.doc(
    'Every event\'s example signed as the API signs it (`signWebhook` of the webhooks entry), with the headers it requires: `{ body, headers }` to post to a receiver under test.',
    'Its own `id` and `timestamp` sign every one alike; by default each gets a new id, and now.',
  );
  const sign = file.use(MODULE.webhooks, WEBHOOKS.signWebhook);
  const signed = `{ readonly [T in ${Type}]: ${SignedWebhook} }`;
  const body = (cast: boolean) => [
    'const entries = Object.entries(' + WEBHOOK_EXAMPLES + ').map(async ([type, example]) => {',
    `  const delivery = await ${sign}(type${cast ? ` as ${Type}` : ''}, example.payload${cast ? ' as never' : ''}, options);`,
    `  return [type, { body: delivery.body, headers: { ...delivery.headers, ...example.headers } }]${cast ? ' as const' : ''};`,
    '});',
    '// fromEntries defines each key as data: an event named __proto__ stays an event.',
    `return Object.fromEntries(await Promise.all(entries))${cast ? ` as ${signed}` : ''};`,
  ];
  const indented = (lines: readonly string[]) => lines.map((l) => `  ${l}`);
  const js = [`export async function ${signedWebhooks}(options) {`, ...indented(body(false)), '}'].join('\n');
  const head = `export async function ${signedWebhooks}(options: ${SignOptions}): Promise<${signed}> {`;
  file.value(js, `export declare function ${signedWebhooks}(options: ${SignOptions}): Promise<${signed}>;`, () => file.lines([head, ...indented(body(true)), '}']));
}

function endpointDoc(e: Endpoint): (string | undefined)[] {
  return [e.summary, `${e.method} ${e.path} on the ${e.host} host.`];
}

function emitMocksType(file: TsFile, contract: Contract, handlers: string): void {
  file.doc(`msw request handlers for ${contract.info.title}, one set per endpoint. \`H\` is msw's handler type.`);
  file.w.write(`export interface ${MOCKS.Mocks}<H> `).block(() => {
    for (const e of contract.endpoints) {
      file.doc(...endpointDoc(e));
      const key = file.useType(MODULE.mocksFixtures, endpointNames.fixtureKey(e.id));
      // A streaming endpoint's success streams, shaped by options typed by the stream's items.
      const [type, args] = streams(contract, e)
        ? [file.useType(RUNTIME_MOCKS, RUNTIME.mocks.StreamEndpointMocks), ['H', key, file.useType(MODULE.client, endpointNames.streamItem(e.id))]]
        : [file.useType(RUNTIME_MOCKS, RUNTIME.mocks.EndpointMocks), ['H', key]];
      file.lines(list(`readonly ${propertyKey(endpointNames.operation(e.id))}: ${type}`, '<', args, '>', ';', file.level, false));
    }
    file.doc('The success handler of every endpoint: `setupServer(...mocks.handlers())`.');
    file.w.writeLine(`${handlers}(): H[];`);
  });
  file.w.blankLine();
}

function emitCreateMocks(file: TsFile, contract: Contract, handlers: string): void {
  file.doc(
    `msw request handlers for ${contract.info.title}, on the URLs a client created with the same options calls.`,
    "Pass msw's `http` (msw is an optional peer dependency of this package) and the client's options: `createMocks(http, options)`.",
  );
  const spec = `{ ...${file.use(MODULE.tables, TABLES.RUNTIME_SPEC)}, endpoints: ${file.use(MODULE.tables, TABLES.ENDPOINTS)} }`;
  // Fixtures that hold Dates are sent as the text the server would send (templates/dates.ts).
  const wire = wiresFixtures(contract) ? [`const fixtures = ${file.use(MODULE.runtime.dates, RUNTIME.dates.wireFixtures)}(${file.use(MODULE.mocksFixtures, MOCKS.FIXTURES)}, ${file.use(MODULE.tables, TABLES.ENDPOINTS)});`] : [];
  const fixtures = wire.length === 0 ? file.use(MODULE.mocksFixtures, MOCKS.FIXTURES) : 'fixtures';
  const api = (typeArgs: string) => [...wire, `const api = ${file.use(RUNTIME_MOCKS, RUNTIME.mocks.mockApi)}${typeArgs}(http, ${spec}, ${fixtures}, target);`];
  file.useType(MODULE.mocksFixtures, MOCKS.FixtureKeys);
  // A streaming endpoint's mocks name its stream's item type, which only the TypeScript spells.
  const member = (e: Endpoint, typed: boolean) => {
    const id = stringLiteral(e.id);
    const call = !streams(contract, e) ? 'api.endpoint' : typed ? `api.streamEndpoint<${id}, ${file.useType(MODULE.client, endpointNames.streamItem(e.id))}>` : 'api.streamEndpoint';
    return list(`${propertyKey(endpointNames.operation(e.id))}: ${call}`, '(', [id], ')', ',', 2).map((l) => `  ${l}`);
  };
  const returned = (typed: boolean) => ['return {', ...contract.endpoints.flatMap((e) => member(e, typed)), `  ${handlers}: api.handlers,`, '};'];
  const { MockTarget, Mocks, createMocks } = MOCKS;
  const signature = `${createMocks}<H, E extends ${file.useType(MODULE.client, CLIENT.Environment)}>(http: ${file.useType(RUNTIME_MOCKS, RUNTIME.mocks.HttpLike)}<H>, target: ${MockTarget}<E>): ${Mocks}<H>`;
  file.fn(signature, 'http, target', [...api(''), ...returned(false)], [...api(`<H, ${MOCKS.FixtureKeys}>`), ...returned(true)]);
}

/** Whether any endpoint's successes hold dates the package reads as Dates: then its typed fixtures hold Dates. */
function wiresFixtures(contract: Contract): boolean {
  const k = knowledge(contract);
  return datesOn(contract) && contract.endpoints.some((e) => readPlan(k, e) !== undefined);
}

/** The README section on `<package>/mocks`. */
function mocksReadme(contract: Contract): string[] {
  const name = contract.info.packageName;
  // A package of webhooks alone has no client for msw handlers to answer.
  if (contract.endpoints.length === 0) {
    return ['## Mocks for tests', '', `\`${name}/mocks\` has \`signedWebhooks({ secret })\`: an example delivery of every webhook event (\`WEBHOOK_EXAMPLES\`), signed as the API signs it, \`{ body, headers }\` to post to a receiver under test.`, ''];
  }
  return [
    '## Mocks for tests',
    '',
    `\`${name}/mocks\` has a fixture for every documented error response (each code row, message row and policy restriction of each host, the auth and token-endpoint shapes, each endpoint quirk) and a valid success response per endpoint, with [msw](https://mswjs.io) handlers that answer with them. msw (${MSW_RANGE}) is an optional peer dependency: install it to use the handlers; the main entry never loads it.`,
    '',
    '```ts',
    "import { http } from 'msw';",
    "import { setupServer } from 'msw/node';",
    `import { createMocks } from '${name}/mocks';`,
    '',
    '// The options of the client under test: the same environment, servers and base URLs.',
    'const mocks = createMocks(http, clientOptions);',
    'const server = setupServer(...mocks.handlers());',
    ...exampleUse(contract),
    '```',
    '',
    '- `mocks.<method>.success()`, `.error(key)`, `.respond(response)`: msw handlers on the URL the client calls; `{ once: true }` answers one request.',
    '- `mocks.<method>.keys` lists the keys `error` accepts; `mocks.<method>.expected(key)` is what the client returns for it, for `toMatchObject`.',
    '- `FIXTURES` (typed), and the same data in `mocks/fixtures.json` for projects without msw.',
    ...(contract.endpoints.some((e) => streams(contract, e))
      ? [
          "- A streaming endpoint's `success()` answers with a real stream: its fixture's events or items (`FIXTURES.endpoints.<operation>.stream`), then the terminator. `success({ delayMs, failAfter, failWith, items })` paces it, ends it after `failAfter` items with the error event (`failWith: 'error'`) or a dropped connection (`'drop'`), or streams other items.",
        ]
      : []),
    ...(contract.webhooks === undefined
      ? []
      : ['- `signedWebhooks({ secret })`: an example delivery of every webhook event (`WEBHOOK_EXAMPLES`), signed as the API signs it, `{ body, headers }` to post to a receiver under test.']),
    '',
  ];
}

/** `server.use(mocks.<method>.error(<key>))` for the contract's first quirk, else its first fixture. */
function exampleUse(contract: Contract): string[] {
  const fixtures = mockFixtures(contract);
  const keyOf = (e: EndpointFixtures) => e.errors[0]?.key ?? fixtures.hosts.find((h) => h.host.name === e.endpoint.host)?.fixtures[0]?.key;
  const chosen = fixtures.endpoints.find((e) => e.errors.length > 0) ?? fixtures.endpoints.find((e) => keyOf(e) !== undefined);
  const key = chosen === undefined ? undefined : keyOf(chosen);
  const line = chosen === undefined || key === undefined ? undefined : `server.use(mocks.${endpointNames.operation(chosen.endpoint.id)}.error(${stringLiteral(key)}));`;
  // Prettier formats the example as TypeScript: a line it would break is left out.
  return line === undefined || !fits(line, 0) ? [] : [line];
}
