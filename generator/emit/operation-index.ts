/**
 * The index of operations for the README (or, for an API whose index would not fit there, the
 * package's OPERATIONS.md): method and path, function and summary of each, grouped by host and,
 * on a host of many operations, by the first segment of their paths (`/repos`, `/orgs`), a large
 * group in sections by the second (`/repos/{owner}/{repo}/actions`).
 *
 * A list, not a table: prettier pads a table's cells to one width, measured in the display width
 * of their text (East Asian wide characters count twice), which the emitter would have to
 * reproduce, and the padding made GitHub's index several times its size. Contract text is quoted
 * by the Markdown rule (`markdownCode`).
 */
import { markdownCode } from '../escape.js';
import type { Contract, Endpoint } from '../model/types.js';
import { endpointNames } from './names.js';

/** A host with more operations than this has its index grouped by path, and a group so large has sections. */
const GROUP_ABOVE = 30;
/** A summary made from a description stops at its first sentence, or this many characters. */
const SUMMARY_CHARACTERS = 120;

export interface IndexGroup {
  /** The host, when the contract has several. */
  readonly host: string | undefined;
  /** The paths' first segment (`/repos`), when the host's operations are grouped by path. */
  readonly resource: string | undefined;
  /** The group's operations, in sections by the paths' second segment (`/repos/{owner}/{repo}/actions`) where it is large. */
  readonly sections: readonly IndexSection[];
}

export interface IndexSection {
  readonly prefix: string | undefined;
  readonly endpoints: readonly Endpoint[];
}

/** The groups in host order, path groups by name; operations in contract order. */
export function indexGroups(contract: Contract): IndexGroup[] {
  const several = contract.hosts.length > 1;
  return contract.hosts.flatMap((host): IndexGroup[] => {
    const endpoints = contract.endpoints.filter((e) => e.host === host.name);
    const named = several ? host.name : undefined;
    if (endpoints.length === 0) return [];
    if (endpoints.length <= GROUP_ABOVE) return [{ host: named, resource: undefined, sections: [{ prefix: undefined, endpoints }] }];
    return byPrefix(endpoints, 1).map(([resource, group]) => ({ host: named, resource, sections: sectionsOf(group) }));
  });
}

function sectionsOf(endpoints: readonly Endpoint[]): IndexSection[] {
  if (endpoints.length <= GROUP_ABOVE) return [{ prefix: undefined, endpoints }];
  return byPrefix(endpoints, 2).map(([prefix, list]) => ({ prefix, endpoints: list }));
}

/** Operations by their paths' prefix of `depth` static segments, by name. */
function byPrefix(endpoints: readonly Endpoint[], depth: number): [string, Endpoint[]][] {
  const out = new Map<string, Endpoint[]>();
  for (const e of endpoints) {
    const prefix = prefixOf(e.path, depth);
    const list = out.get(prefix);
    if (list === undefined) out.set(prefix, [e]);
    else list.push(e);
  }
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The path up to its `depth`th static segment, without the parameters after it:
 * `/repos/{owner}/{repo}/actions/runs` → `/repos` (1), `/repos/{owner}/{repo}/actions` (2);
 * `/repos/{owner}/{repo}` → `/repos` (1 and 2).
 */
function prefixOf(path: string, depth: number): string {
  const kept: string[] = [];
  let statics = 0;
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    const isStatic = !segment.includes('{');
    if (isStatic && ++statics > depth) break;
    kept.push(segment);
  }
  while (kept.length > 1 && (kept[kept.length - 1] ?? '').includes('{')) kept.pop();
  return `/${kept.join('/')}`;
}

/** Each host (when there are several), path group and section under a heading from `level`, then one line per operation. */
export function indexLines(groups: readonly IndexGroup[], level: number): string[] {
  const lines: string[] = [];
  const heading = (depth: number, text: string) => lines.push(`${'#'.repeat(level + depth)} ${text}`, '');
  let host: string | undefined;
  for (const g of groups) {
    const below = g.host === undefined ? 0 : 1;
    if (g.host !== undefined && g.host !== host) heading(0, `${markdownCode(g.host)} host`);
    host = g.host;
    if (g.resource !== undefined) heading(below, markdownCode(g.resource));
    for (const section of g.sections) {
      if (section.prefix !== undefined) heading(below + 1, markdownCode(section.prefix));
      lines.push(...section.endpoints.map(operationLine), '');
    }
  }
  return lines;
}

/** One line per host: its operations' count, and each path group's. */
export function groupSummaryLines(groups: readonly IndexGroup[]): string[] {
  const size = (g: IndexGroup) => g.sections.reduce((n, s) => n + s.endpoints.length, 0);
  const hosts = [...new Set(groups.map((g) => g.host))];
  return [
    ...hosts.map((host) => {
      const own = groups.filter((g) => g.host === host);
      const total = own.reduce((n, g) => n + size(g), 0);
      const parts = own.flatMap((g) => (g.resource === undefined ? [] : [`${markdownCode(g.resource)} (${size(g)})`]));
      return `- ${host === undefined ? 'All' : `${markdownCode(host)} host`}: ${count(total, 'operation')}${parts.length === 0 ? '' : `: ${parts.join(', ')}`}`;
    }),
    '',
  ];
}

/** `1 operation`, `1,223 operations`. */
export function count(n: number, noun: string): string {
  return `${String(n).replace(/\B(?=(\d{3})+$)/g, ',')} ${noun}${n === 1 ? '' : 's'}`;
}

/** ``- `GET /orders/{order_id}` `getOrder`: `Read an order.` `` */
function operationLine(endpoint: Endpoint): string {
  const summary = summaryOf(endpoint);
  const deprecated = endpoint.deprecated === undefined ? '' : ' (deprecated)';
  return `- ${markdownCode(`${endpoint.method} ${endpoint.path}`)} ${markdownCode(endpointNames.operation(endpoint.id))}${summary === undefined ? '' : `: ${markdownCode(summary)}`}${deprecated}`;
}

/** The summary, else the description's first sentence; either cut to a line; undefined without either. */
function summaryOf(endpoint: Endpoint): string | undefined {
  // Whitespace runs as one space; only the start of a long description is read.
  const text = (endpoint.summary ?? endpoint.description ?? '').slice(0, 4 * SUMMARY_CHARACTERS).trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const sentence = endpoint.summary === undefined ? (/^.*?[.!?](?= |$)/.exec(text)?.[0] ?? text) : text;
  // By code points: a cut never splits a surrogate pair.
  const points = [...sentence];
  return points.length <= SUMMARY_CHARACTERS ? sentence : `${points.slice(0, SUMMARY_CHARACTERS - 1).join('')}…`;
}
