/**
 * What consumers do with each export of a generated package: build it and pass it to the client
 * (`input`: an operation's input, a type only requests send, the client's options), receive it
 * from the client (`output`: an operation's data, result and errors, a type only responses carry,
 * the client itself, whose methods they call), or both (a type that travels both ways, or that no
 * operation uses). The API review judges an export's change by it. Names come from names.ts and
 * directions from the model's knowledge, so the roles name exactly what the emitters declare.
 */
import { knowledge } from '../model/knowledge.js';
import type { Contract } from '../model/types.js';
import { CLIENT, endpointNames, ERRORS, hostNames, typeNames } from '../emit/names.js';

export type Role = 'input' | 'output' | 'both';

/** The fixed exports' roles; anything not named here or by the contract is judged as `both`. */
const FIXED: Readonly<Record<string, Role>> = {
  [CLIENT.Client]: 'output',
  [CLIENT.BaseClient]: 'output',
  [CLIENT.createClient]: 'output',
  [CLIENT.createBaseClient]: 'output',
  [CLIENT.ENVIRONMENTS]: 'output',
  [ERRORS.HOSTS]: 'output',
  [ERRORS.ERROR_CATEGORIES]: 'output',
  [ERRORS.RETRYABLE_CATEGORIES]: 'output',
  [ERRORS.decodeError]: 'output',
  [CLIENT.Environment]: 'input',
  [CLIENT.ServerVariables]: 'input',
  [CLIENT.Credentials]: 'input',
  [CLIENT.AuthCredentials]: 'input',
  [CLIENT.BaseUrls]: 'input',
  [CLIENT.ClientBaseOptions]: 'input',
  [CLIENT.ClientOptions]: 'input',
  // The operation an error is decoded for: only ever passed in.
  [ERRORS.OperationId]: 'input',
  [ERRORS.HostDecodeInput]: 'input',
  [ERRORS.DecodeErrorInput]: 'input',
  [ERRORS.ErrorCategory]: 'output',
  [ERRORS.AnyDecodedError]: 'output',
  [ERRORS.HostErrors]: 'output',
};

/** Export name → role, for one side's package. */
export function exportRoles(contract: Contract): Map<string, Role> {
  const roles = new Map<string, Role>(Object.entries(FIXED));
  const k = knowledge(contract);
  for (const type of contract.types) {
    const usage = k.typeUsage.get(type.name);
    const sent = usage?.has('request') === true;
    const read = usage?.has('response') === true;
    const role: Role = sent && !read ? 'input' : read && !sent ? 'output' : 'both';
    // A type with read-only or write-only fields has a request form of its own (`XInput`); its plain form is what responses carry.
    const directional = k.directional.has(type.name);
    const plain: Role = directional ? (read ? 'output' : 'both') : role;
    roles.set(typeNames.type(type.name), plain);
    roles.set(typeNames.enumValues(type.name), plain);
    if (directional) roles.set(typeNames.input(type.name), 'input');
    if (type.kind !== 'object') continue;
    for (const variant of directional ? [false, true] : [false]) {
      const variantRole = variant ? 'input' : plain;
      roles.set(typeNames.fields(type.name, variant), variantRole);
      for (let i = 1; i <= type.requiredWhen.length + type.together.length; i++) roles.set(typeNames.rule(type.name, i, variant), variantRole);
    }
  }
  for (const e of contract.endpoints) {
    roles.set(endpointNames.input(e.id), 'input');
    // The operation's function and iterators are called: only ever read, as values are.
    for (const name of [endpointNames.data, endpointNames.result, endpointNames.error, endpointNames.headers, endpointNames.streamItem, endpointNames.operation, endpointNames.pages, endpointNames.items]) roles.set(name(e.id), 'output');
  }
  for (const host of contract.hosts) for (const name of [hostNames.error, hostNames.shape, hostNames.code, hostNames.codes, hostNames.isCode, hostNames.decode]) roles.set(name(host.name), 'output');
  return roles;
}

/** An export's role across a change: the same on both sides, else `both` (the cautious reading). */
export function roleAcross(before: ReadonlyMap<string, Role>, after: ReadonlyMap<string, Role>, name: string): Role {
  const [a, b] = [before.get(name), after.get(name)];
  if (a === undefined) return b ?? 'both';
  return b === undefined || a === b ? a : 'both';
}
