/**
 * `contractgen diff` on GitHub's description (`@octokit/openapi`) against a copy with the edits a
 * maintainer makes: an inline request body moved into components/schemas, a schema renamed
 * everywhere it is used (the same shape), an optional field added to an inline response object, a
 * value added to an inline request enum, a format given to a response string, an operationId
 * renamed. The review holds exactly the findings a reviewer expects, each said once, where it is
 * (the edits that change nothing a client sees give none). About 10 s: two imports of 13 MB.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { review } from '../generator/diff/review.js';
import { loadInputText } from '../generator/input.js';
import type { Contract } from '../generator/model/types.js';

const DESCRIPTION = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const TIMEOUT = 120_000;

type Json = Record<string, unknown>;

function at(value: unknown, ...keys: string[]): Json {
  let current = value;
  for (const key of keys) current = (current as Json)[key];
  if (typeof current !== 'object' || current === null) throw new Error(`no object at ${keys.join('.')}`);
  return current as Json;
}

function edited(text: string): string {
  const renamed = text.replaceAll('"#/components/schemas/simple-user"', '"#/components/schemas/user-summary"');
  const d = JSON.parse(renamed) as Json;
  const schemas = at(d, 'components', 'schemas');
  schemas['user-summary'] = schemas['simple-user'];
  delete schemas['simple-user'];
  const paths = at(d, 'paths');
  const json = (op: Json, ...keys: string[]) => at(op, ...keys, 'content', 'application/json');
  const create = json(at(paths, '/repos/{owner}/{repo}/issues', 'post'), 'requestBody');
  schemas['issue-create'] = create.schema;
  create.schema = { $ref: '#/components/schemas/issue-create' };
  at(json(at(paths, '/repos/{owner}/{repo}/actions/artifacts', 'get'), 'responses', '200'), 'schema', 'properties').expires_soon = { type: 'boolean' };
  const reason = at(json(at(paths, '/repos/{owner}/{repo}/issues/{issue_number}', 'patch'), 'requestBody'), 'schema', 'properties', 'state_reason');
  reason.enum = [...(reason.enum as string[]), 'resolved_elsewhere'];
  at(schemas, 'code-of-conduct', 'properties', 'url').format = 'uri-reference';
  at(paths, '/', 'get').operationId = 'meta/get-root';
  return JSON.stringify(d);
}

function load(file: string, text: string): Contract {
  const result = loadInputText(file, text);
  if (!result.ok) throw new Error(`${file} does not import`);
  return result.contract;
}

describe('a review of edits to GitHub’s description', () => {
  it('finds what a reviewer expects, once each, where it is', { timeout: TIMEOUT }, () => {
    const text = readFileSync(DESCRIPTION, 'utf8');
    const findings = review(load('api.github.com.json', text), load('edited.json', edited(text)), []).findings;
    expect(findings.map((f) => [f.rule, f.level, f.message.slice(0, f.message.indexOf(': '))])).toEqual([
      ['endpoint-renamed', 'breaking', 'Endpoint metaGetRoot'],
      ['format-changed', 'info', 'Field CodeOfConduct.url'],
      ['request-enum-value-added', 'info', "Endpoint issuesUpdate request body field state_reason value 'resolved_elsewhere'"],
      ['response-field-added', 'info', 'Endpoint actionsListArtifactsForRepo response body field expires_soon'],
    ]);
    expect(findings[0]?.message).toContain('(metaRoot → metaGetRoot)');
  });
});
