/**
 * The package's `webhooks` entry (`src/webhooks.ts`, present when the contract has `webhooks`):
 * every event's payload and headers by name (`WebhookEventMap`), the delivered event as a union
 * narrowed by `type` (`WebhookEvent`), and `verifyWebhook`, `parseWebhook`, `signWebhook`,
 * `webhookHandler` and `nodeWebhookListener` over templates/webhooks.ts, to which the schemes
 * and events are data (`SIGNATURES`, `WEBHOOKS`). Payloads are checked by the validators entry's
 * checks (`WEBHOOK_PAYLOADS`) when the package has it.
 */
import type { Contract, SignatureScheme, WebhookEvent, Webhooks } from '../model/types.js';
import { propertyKey, stringLiteral } from '../naming.js';
import { payloadPlan } from './date-plans.js';
import { typeText } from './emit-types.js';
import { MODULE, WEBHOOKS } from './names.js';
import type { OutputDescriptor } from './output.js';
import { list, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

export const WEBHOOKS_ENTRY: OutputDescriptor = {
  id: 'webhooks',
  enabled: (contract) => contract.webhooks !== undefined,
  files: (emit) => emit.tsFile(MODULE.webhooks, (file) => emitWebhooks(file, emit.contract, emit.contract.webhooks as Webhooks), WEBHOOKS.namespaces),
  runtime: ['webhooks'],
  exports: () => ({ './webhooks': { module: MODULE.webhooks } }),
  // Its files are in dist/ and src/, which the main entry lists.
  packageFiles: [],
  peerDependencies: [],
  readme: (contract) => webhooksReadme(contract),
  names: () => [{ id: 'webhooks', reserved: [...exportedNames(), WEBHOOKS.SIGNATURES, WEBHOOKS.SPEC, ...Object.values(WEBHOOKS.namespaces), ...Object.values(WEBHOOKS.runtime)], claims: [] }],
};

function exportedNames(): string[] {
  const { verifyWebhook, parseWebhook, signWebhook, webhookHandler, nodeWebhookListener, WebhookEventMap, WebhookType, WebhookEvent, WebhookHandlers, WebhookHandlerOptions } = WEBHOOKS;
  return [verifyWebhook, parseWebhook, signWebhook, webhookHandler, nodeWebhookListener, WebhookEventMap, WebhookType, WebhookEvent, WebhookHandlers, WebhookHandlerOptions, ...WEBHOOKS.types];
}

/** An object key for a name from the contract: `__proto__` computed, so the literal keeps it as data. */
function dataKey(name: string): string {
  return name === '__proto__' ? `[${stringLiteral(name)}]` : propertyKey(name);
}

function emitWebhooks(file: TsFile, contract: Contract, webhooks: Webhooks): void {
  emitEventMap(file, contract, webhooks);
  file.w.blankLine();
  emitSpec(file, contract, webhooks);
  file.w.blankLine();
  emitFunctions(file, contract.outputs.validators ? file.use(MODULE.validators, WEBHOOKS.WEBHOOK_PAYLOADS) : undefined);
}

function emitEventMap(file: TsFile, contract: Contract, webhooks: Webhooks): void {
  const nameOf = (exported: string) => file.useType(MODULE.types, exported);
  file.doc('Every event the API delivers, by the name a delivery carries: its payload, and the headers it carries (by lower-case name, as text).');
  file.w.write(`export interface ${WEBHOOKS.WebhookEventMap} `).block(() => {
    for (const event of webhooks.events) {
      file.doc(event.summary, event.description, event.deprecated === undefined ? undefined : { tag: 'deprecated', text: event.deprecated.message ?? '' });
      const payload = typeText(contract, event.payload, nameOf);
      file.w.write(`readonly ${propertyKey(event.name)}: `).inlineBlock(() => {
        file.lines(union('readonly payload:', [payload], ';', file.level));
        emitHeaders(file, event);
      });
      file.w.write(';').newLine();
    }
  });
  const Delivered = file.useType(MODULE.runtime.webhooks, WEBHOOKS.runtime.Delivered);
  const { WebhookEventMap: Map, WebhookType: Type, WebhookEvent: Event, WebhookHandlers: Handlers } = WEBHOOKS;
  file.w.blankLine();
  file.doc('The name of an event of the contract.');
  file.lines([`export type ${Type} = keyof ${Map};`]);
  file.w.blankLine();
  file.doc('A delivered event, checked: switch on `type` to narrow `payload` and `headers` (every event, or the one `T` names).');
  file.lines([`export type ${Event}<T extends ${Type} = ${Type}> = T extends ${Type}`, `  ? ${Delivered}<T, ${Map}[T]['payload'], ${Map}[T]['headers']>`, '  : never;']);
  file.w.blankLine();
  file.doc("One function per event for `webhookHandler`, each given its typed event: answer nothing (204) or a `Response`.");
  file.lines([
    `export type ${Handlers} = {`,
    `  readonly [T in ${Type}]?: (event: ${Event}<T>, request: Request) => ${file.useType(MODULE.runtime.webhooks, 'HandlerAnswer')} | Promise<${file.useType(MODULE.runtime.webhooks, 'HandlerAnswer')}>;`,
    '};',
  ]);
}

function emitHeaders(file: TsFile, event: WebhookEvent): void {
  if (event.headers.length === 0) {
    file.lines(['readonly headers: {};']);
    return;
  }
  file.w.write('readonly headers: ').inlineBlock(() => {
    for (const h of event.headers) {
      file.doc(h.description);
      file.lines([`readonly ${propertyKey(h.name.toLowerCase())}${h.required ? '' : '?'}: string;`]);
    }
  });
  file.w.write(';').newLine();
}

/** The schemes and the events as the runtime reads them: private data, so a bundle keeps what a function it calls reads. */
function emitSpec(file: TsFile, contract: Contract, webhooks: Webhooks): void {
  const SignatureSpec = file.useType(MODULE.runtime.webhooks, WEBHOOKS.runtime.SignatureSpec);
  const WebhooksSpec = file.useType(MODULE.runtime.webhooks, WEBHOOKS.runtime.WebhooksSpec);
  const used = webhooks.schemes.filter((s) => webhooks.events.some((e) => e.signature === s.name));
  if (used.length > 0) {
    const body = used.flatMap((s) => schemeLines(s));
    const lines = (type: string) => [`const ${WEBHOOKS.SIGNATURES}${type} = {`, ...body, '};'];
    file.value(lines('').join('\n'), '', () => file.lines(lines(`: { readonly [name: string]: ${SignatureSpec} }`)));
    file.w.blankLine();
  }
  const event = webhooks.event === undefined ? [] : [`  event: ${webhooks.event.kind === 'header' ? `{ header: ${stringLiteral(webhooks.event.name.toLowerCase())} }` : `{ field: [${webhooks.event.path.map((p) => stringLiteral(String(p))).join(', ')}] }`},`];
  const events = webhooks.events.flatMap((e) => eventLines(e, datedMembers(file, contract, e)));
  const lines = (type: string) => [`const ${WEBHOOKS.SPEC}${type} = {`, ...event, '  events: {', ...events, '  },', '};'];
  file.value(lines('').join('\n'), '', () => file.lines(lines(`: ${WebhooksSpec}`)));
}

function schemeLines(s: SignatureScheme): string[] {
  const entries = Object.entries(s.spec).map(([key, value]) => `    ${key}: ${typeof value === 'string' ? stringLiteral(value) : String(value)},`);
  return [`  ${propertyKey(s.name)}: {`, ...entries, '  },'];
}

/** With dates as Dates, a payload that holds dates is read and written by its plan (templates/dates.ts). */
function datedMembers(file: TsFile, contract: Contract, e: WebhookEvent): string[] {
  const plan = payloadPlan(file, contract, e.payload);
  if (plan === undefined) return [];
  const [read, write] = [file.use(MODULE.runtime.dates, 'readDates'), file.use(MODULE.runtime.dates, 'writeDates')];
  return [`read: (v) => ${read}(v, ${plan.text})`, `write: (v) => ${write}(v, ${plan.text})`];
}

function eventLines(e: WebhookEvent, dated: readonly string[]): string[] {
  const members = [
    ...(e.signature === undefined ? [] : [`signature: ${WEBHOOKS.SIGNATURES}.${e.signature}`]),
    ...(e.headers.some((h) => h.required) ? [`headers: [${e.headers.filter((h) => h.required).map((h) => stringLiteral(h.name.toLowerCase())).join(', ')}]`] : []),
    ...dated,
  ];
  const key = dataKey(e.name);
  const one = `    ${key}: { ${members.join(', ')} },`;
  if (members.length === 0) return [`    ${key}: {},`];
  return one.length <= 120 ? [one] : [`    ${key}: {`, ...members.map((m) => `      ${m},`), '    },'];
}

/** `payloads`: the validators entry's payload checks, where the package has them (a program that only signs carries none). */
function emitFunctions(file: TsFile, payloads: string | undefined): void {
  const checks = payloads === undefined ? '' : `, ${payloads}`;
  const rt = (name: string) => file.use(MODULE.runtime.webhooks, name);
  const type = (name: string) => file.useType(MODULE.runtime.webhooks, name);
  const { WebhookEventMap: Map, WebhookType: Type, WebhookEvent: Event, WebhookHandlers: Handlers, WebhookHandlerOptions: HandlerOptions, SPEC } = WEBHOOKS;
  const [Input, Result, Verify, Parse, Sign, Signed] = [type('WebhookInput'), type('WebhookResult'), type('VerifyOptions'), type('ParseOptions'), type('SignOptions'), type('SignedWebhook')];
  file.doc(
    "Checks a delivery's signature (constant-time, its timestamp within the scheme's tolerance, any of several secrets while one replaces another) and reads it as the contract's event, its payload checked where the package has validators. Never throws: a failure is `{ ok: false, error }`, its `kind` saying which.",
    'Give the body exactly as received: a `Request`, or `{ body, headers }` with the raw bytes or text (not JSON parsed and written again).',
  );
  file.fn(`${WEBHOOKS.verifyWebhook}(\n  input: ${Input},\n  options: ${Verify}<${Type}>,\n): Promise<${Result}<${Event}>>`, 'input, options', [`return ${rt(WEBHOOKS.runtime.verify)}(${SPEC}, input, options${checks});`]);
  file.w.blankLine();
  file.doc("Reads a delivery as the contract's event without checking a signature: for a delivery checked already, or an event the contract does not sign.");
  file.fn(`${WEBHOOKS.parseWebhook}(\n  input: ${Input},\n  options?: ${Parse}<${Type}>,\n): Promise<${Result}<${Event}>>`, 'input, options', [`return ${rt(WEBHOOKS.runtime.parse)}(${SPEC}, input, options${checks});`]);
  file.w.blankLine();
  file.doc("Signs a payload as the contract's scheme for the event does: the body to send as it is, and its headers (for senders, and for tests of a receiver).");
  file.fn(`${WEBHOOKS.signWebhook}<T extends ${Type}>(\n  type: T,\n  payload: ${Map}[T]['payload'],\n  options: ${Sign},\n): Promise<${Signed}>`, 'type, payload, options', [`return ${rt(WEBHOOKS.runtime.sign)}(${SPEC}, type, payload, options);`]);
  file.w.blankLine();
  file.doc("`webhookHandler`'s options: the secret, one function per event, and the answer to a failed delivery.");
  file.lines([`export interface ${HandlerOptions} extends Omit<${type('HandlerOptions')}, 'on'> {`, `  readonly on: ${Handlers};`, '}']);
  file.w.blankLine();
  file.doc(
    "A fetch-style handler, `(request) => Promise<Response>` (Hono, Next.js route handlers, Workers, Bun, Deno; `nodeWebhookListener` for node:http): verifies each delivery and calls the event's function. It answers 204 when the function returns nothing, 401 to a signature's failure, 400 to a body's, 204 to an event the contract does not know, and 500 when the function throws, so the sender delivers again.",
  );
  file.fn(`${WEBHOOKS.webhookHandler}(options: ${HandlerOptions}): (request: Request) => Promise<Response>`, 'options', [`return ${rt(WEBHOOKS.runtime.handler)}(${SPEC}, options${checks});`]);
  file.w.blankLine();
  const runtime = file.specifier(MODULE.runtime.webhooks);
  const reexport = `export { ${WEBHOOKS.runtime.nodeListener} as ${WEBHOOKS.nodeWebhookListener} } from '${runtime}';`;
  file.value(reexport, reexport, () => file.lines([reexport]));
  const types = `export type { ${WEBHOOKS.types.join(', ')} } from '${runtime}';`;
  file.value('', types, () => file.lines(list('export type {', '', [...WEBHOOKS.types], '}', ` from '${runtime}';`, 0)));
}

function webhooksReadme(contract: Contract): string[] {
  const webhooks = contract.webhooks;
  if (webhooks === undefined) return [];
  const pkg = contract.info.packageName;
  const [first] = webhooks.events;
  const name = first === undefined ? 'event' : first.name;
  return [
    '## Webhooks',
    '',
    `\`${pkg}/webhooks\` reads the events the API delivers to your server (${webhooks.events.length} of them): \`verifyWebhook\` checks a delivery's signature and gives its typed event, \`webhookHandler\` is a fetch-style handler with one function per event, and \`signWebhook\` signs deliveries for tests. Give the body exactly as received. docs/webhooks.md in contractgen says more.`,
    '',
    '```ts',
    `import { webhookHandler, nodeWebhookListener } from '${pkg}/webhooks';`,
    '',
    'const handle = webhookHandler({',
    '  secret: process.env.WEBHOOK_SECRET ?? \'\',',
    '  on: {',
    `    ${propertyKey(name)}: async (event) => {`,
    '      console.log(event.type, event.payload);',
    '    },',
    '  },',
    '});',
    '',
    '// Bun, Deno, Workers, Next.js: export the handler; node:http:',
    '// createServer(nodeWebhookListener(handle)).listen(3000);',
    '```',
    '',
  ];
}
