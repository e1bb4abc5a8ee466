import { describe, expect, it } from 'vitest';
import type { Received, Sent } from './transport.js';
import { MAX_REPORT_BODY, REDACTED, buildSupportReport, fieldRedactor, redactHeaders, redactor } from './support.js';

const SECRET_FIELDS = ['access_token', 'client_secret', 'refresh_token'];
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('redactor: text', () => {
  it('replaces every occurrence of every secret value', () => {
    const redact = redactor(() => ['s3cr3t-value', 'tok-abcdef']);
    expect(redact.text('a s3cr3t-value b s3cr3t-value c tok-abcdef')).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
  });

  it('ignores undefined values and values shorter than 4 characters', () => {
    const redact = redactor(() => [undefined, 'abc', '', 'abcd']);
    expect(redact.text('abc abcd')).toBe(`abc ${REDACTED}`);
    expect(redact.text('nothing here')).toBe('nothing here');
  });

  it('asks for the secret values on every call, so secrets learned later are redacted', () => {
    const secrets: string[] = [];
    const redact = redactor(() => secrets);
    expect(redact.text('token-123')).toBe('token-123');
    secrets.push('token-123');
    expect(redact.text('token-123')).toBe(REDACTED);
  });

  it('redacts the string values of secret JSON fields, whatever their value', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'id-1', client_secret: 'unknown-value', nested: { access_token: 'at', refresh_token: 'rt' } });
    const out = redact.text(body);
    expect(JSON.parse(out)).toEqual({ grant_type: 'client_credentials', client_id: 'id-1', client_secret: REDACTED, nested: { access_token: REDACTED, refresh_token: REDACTED } });
  });

  it('redacts JSON fields with whitespace around the colon and escapes in the value', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    const body = '{\n  "client_secret" :  "with \\"quotes\\" and \\\\ backslash",\n  "keep": "x"\n}';
    const out = redact.text(body);
    expect(JSON.parse(out)).toEqual({ client_secret: REDACTED, keep: 'x' });
  });

  it('does not redact fields whose names merely contain a secret field name', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    const body = JSON.stringify({ my_client_secret_hint: 'visible', client_secret_id: 'visible too' });
    expect(redact.text(body)).toBe(body);
  });

  it('redacts secret form fields anywhere in a form body', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    expect(redact.text('grant_type=client_credentials&client_id=id-1&client_secret=abc%2Fdef')).toBe(`grant_type=client_credentials&client_id=id-1&client_secret=${REDACTED}`);
    expect(redact.text('refresh_token=xyz&grant_type=refresh_token')).toBe(`refresh_token=${REDACTED}&grant_type=refresh_token`);
    expect(redact.text('a=1&access_token=')).toBe(`a=1&access_token=${REDACTED}`);
  });

  it('does not redact form fields whose names end with a secret field name', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    expect(redact.text('not_client_secret=visible&x=1')).toBe('not_client_secret=visible&x=1');
  });

  it('treats field names literally, not as patterns', () => {
    const redact = redactor(() => [], fieldRedactor(['a.b', 'c+']));
    expect(redact.text('{"axb":"v","a.b":"w"}')).toBe(`{"axb":"v","a.b":"${REDACTED}"}`);
    expect(redact.text('cc=1&c+=2')).toBe(`cc=1&c+=${REDACTED}`);
  });

  it('redacts a secret field inside a JSON string, at every depth, and leaves the JSON around it readable', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    const inner = JSON.stringify({ client_secret: 'with "quotes"', id: 'x' });
    const once = JSON.stringify({ echo: inner });
    const twice = JSON.stringify({ echo: JSON.stringify({ echo: inner }) });
    expect(JSON.parse(JSON.parse(redact.text(once)).echo)).toEqual({ client_secret: REDACTED, id: 'x' });
    expect(JSON.parse(JSON.parse(JSON.parse(redact.text(twice)).echo).echo)).toEqual({ client_secret: REDACTED, id: 'x' });
  });

  it('hides a secret field value cut off by the end of the text to its end', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    expect(redact.text('{"id":"a","client_secret":"abc-cut-sh')).toBe(`{"id":"a","client_secret":"${REDACTED}`);
  });

  it('redacts a form pair quoted in free text, and in a URL query', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    expect(redact.text('sent client_secret=abc&x=1 to /token?refresh_token=def#f')).toBe(`sent client_secret=${REDACTED}&x=1 to /token?refresh_token=${REDACTED}#f`);
  });

  it('takes linear time on texts made to make its pattern backtrack', () => {
    const redact = redactor(() => ['known-token-value'], fieldRedactor(SECRET_FIELDS));
    const hostile = [
      `"client_secret${'\\'.repeat(1 << 20)}`,
      '"client_secret":"'.repeat(60_000),
      `"client_secret":"${'\\'.repeat(1 << 20)}`,
      'client_secret='.repeat(70_000),
      `${'\\'.repeat(1 << 20)}"`,
      'known-token-valu'.repeat(60_000),
      // A cut mark ("…") sends a text through the pass that redacts a secret's start before it.
      `${'x'.repeat(1 << 20)}…`,
      'known-token-valu…'.repeat(60_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      redact.text(text);
      expect(performance.now() - started, text.slice(0, 40)).toBeLessThan(250);
    }
  });

  it('redacts both field values and known secret values in one text', () => {
    const redact = redactor(() => ['known-token-value'], fieldRedactor(SECRET_FIELDS));
    const body = JSON.stringify({ client_secret: 'field-value', note: 'saw known-token-value here' });
    const out = redact.text(body);
    expect(out).not.toContain('field-value');
    expect(out).not.toContain('known-token-value');
    expect(JSON.parse(out)).toEqual({ client_secret: REDACTED, note: `saw ${REDACTED} here` });
  });

  it('gives the same result on repeated calls (no regex state leaks)', () => {
    const redact = redactor(() => [], fieldRedactor(SECRET_FIELDS));
    const text = '{"client_secret":"a"} client_secret=b';
    const first = redact.text(text);
    expect(redact.text(text)).toBe(first);
    expect(redact.text(text)).toBe(first);
  });

  // Secrets are replaced one after another in the order given: when one secret contains another
  // that comes first, the shorter is cut out of the longer and the rest of the longer leaks.
  it('fully redacts a secret that contains another secret', () => {
    const redact = redactor(() => ['abcd', 'abcd-long-secret-tail']);
    const out = redact.text('token=abcd-long-secret-tail');
    expect(out).not.toContain('long-secret-tail');
    expect(out).toBe(`token=${REDACTED}`);
  });
});

describe('redactor: headers', () => {
  const redact = redactor(() => ['tok-secret-1'], fieldRedactor(SECRET_FIELDS));

  it('hides Authorization, Proxy-Authorization, Cookie, Set-Cookie and X-API-Key in any case', () => {
    const out = redactHeaders(redact, {
      Authorization: 'Bearer x',
      'proxy-authorization': 'Basic y',
      COOKIE: 'session=1',
      'Set-Cookie': 'id=2; HttpOnly',
      'x-api-key': 'k',
      accept: 'application/json',
    });
    expect(out).toEqual({
      Authorization: REDACTED,
      'proxy-authorization': REDACTED,
      COOKIE: REDACTED,
      'Set-Cookie': REDACTED,
      'x-api-key': REDACTED,
      accept: 'application/json',
    });
  });

  it('hides extra headers by name, in any case', () => {
    expect(redactHeaders(redact, { 'x-auth-token': 'abc', other: 'v' }, ['X-Auth-Token'])).toEqual({ 'x-auth-token': REDACTED, other: 'v' });
  });

  it('redacts secret values inside other headers', () => {
    expect(redactHeaders(redact, { 'x-debug': 'sent tok-secret-1 upstream' })).toEqual({ 'x-debug': `sent ${REDACTED} upstream` });
  });

  it('returns a new object and leaves the input untouched', () => {
    const input = { authorization: 'Bearer tok-secret-1' };
    const out = redactHeaders(redact, input);
    expect(out).not.toBe(input);
    expect(input.authorization).toBe('Bearer tok-secret-1');
  });
});

describe('buildSupportReport', () => {
  const CLIENT_SECRET = 'cs-very-secret';
  const TOKEN = 'at-0123456789';
  const redact = redactor(() => [CLIENT_SECRET, TOKEN], fieldRedactor(SECRET_FIELDS));
  const when = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 123));

  const request: Sent = {
    url: 'https://api.example.com/orders/ord-1?debug=1',
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ kind: 'same_day', client_secret: CLIENT_SECRET }),
  };
  const response: Received = {
    status: 503,
    headers: { 'content-type': 'application/json', 'set-cookie': 'sid=abc', 'x-request-id': 'req-42' },
    body: encode('{"api_error":{"code":"unavailable","message":"try later"}}'),
  };

  it('keeps the exact request and response, with secrets redacted', () => {
    const report = buildSupportReport(request, response, when, 'support@example.com', redact, 'Authorization');
    expect(report.to).toBe('support@example.com');
    expect(report.subject).toBe('Persistent HTTP 503 from PUT https://api.example.com/orders/ord-1?debug=1');
    expect(report.timestamp).toBe('2024-03-05T14:07:09.123Z');
    expect(report.request).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/orders/ord-1?debug=1',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: REDACTED },
      body: JSON.stringify({ kind: 'same_day', client_secret: REDACTED }),
    });
    expect(report.response).toEqual({
      status: 503,
      headers: { 'content-type': 'application/json', 'set-cookie': REDACTED, 'x-request-id': 'req-42' },
      body: '{"api_error":{"code":"unavailable","message":"try later"}}',
    });
  });

  it('gives the timestamp in UTC whatever the date object', () => {
    const report = buildSupportReport(request, response, new Date(0), undefined, redact, 'Authorization');
    expect(report.timestamp).toBe('1970-01-01T00:00:00.000Z');
    expect(report.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('says when no support contact is configured', () => {
    const report = buildSupportReport(request, response, when, undefined, redact, 'Authorization');
    expect(report.to).toBe('(support contact not configured: pass supportEmail to createClient)');
    expect(report.text.split('\n')[0]).toBe(`To: ${report.to}`);
  });

  it('hides the contract’s own auth header', () => {
    const custom: Sent = { ...request, headers: { 'x-token': `Token ${TOKEN}`, 'x-other': 'plain' } };
    const report = buildSupportReport(custom, response, when, undefined, redact, 'X-Token');
    expect(report.request.headers).toEqual({ 'x-token': REDACTED, 'x-other': 'plain' });
  });

  it('redacts secrets in the URL and the response body', () => {
    const leaky: Sent = { ...request, url: `https://api.example.com/cb?token=${TOKEN}` };
    const echo: Received = { ...response, body: encode(`{"echo":"${CLIENT_SECRET}","refresh_token":"rt-unknown"}`) };
    const report = buildSupportReport(leaky, echo, when, undefined, redact, 'Authorization');
    expect(report.request.url).toBe(`https://api.example.com/cb?token=${REDACTED}`);
    expect(report.subject).toBe(`Persistent HTTP 503 from PUT https://api.example.com/cb?token=${REDACTED}`);
    expect(report.response.body).toBe(`{"echo":"${REDACTED}","refresh_token":"${REDACTED}"}`);
  });

  it('writes the whole report as text, in order', () => {
    const report = buildSupportReport(request, response, when, 'support@example.com', redact, 'Authorization');
    expect(report.text).toBe(
      [
        'To: support@example.com',
        'Subject: Persistent HTTP 503 from PUT https://api.example.com/orders/ord-1?debug=1',
        '',
        'Time (UTC): 2024-03-05T14:07:09.123Z',
        '',
        'Request:',
        'PUT https://api.example.com/orders/ord-1?debug=1',
        'accept: application/json',
        'content-type: application/json',
        `authorization: ${REDACTED}`,
        '',
        JSON.stringify({ kind: 'same_day', client_secret: REDACTED }),
        '',
        'Response:',
        'HTTP 503',
        'content-type: application/json',
        `set-cookie: ${REDACTED}`,
        'x-request-id: req-42',
        '',
        '{"api_error":{"code":"unavailable","message":"try later"}}',
      ].join('\n'),
    );
  });

  it('contains no secret anywhere', () => {
    const report = buildSupportReport(request, { ...response, body: encode(`echo ${TOKEN} ${CLIENT_SECRET}`) }, when, undefined, redact, 'Authorization');
    const everything = JSON.stringify(report);
    for (const secret of [TOKEN, CLIENT_SECRET, 'sid=abc']) {
      expect(everything).not.toContain(secret);
      expect(report.text).not.toContain(secret);
    }
  });

  it('marks a missing request body and an empty response body', () => {
    const get: Sent = { ...request, method: 'GET', body: undefined };
    const empty: Received = { ...response, body: new Uint8Array() };
    const report = buildSupportReport(get, empty, when, undefined, redact, 'Authorization');
    expect(report.request.body).toBeUndefined();
    expect(report.response.body).toBe('');
    expect(report.text).toContain('\n\n(no body)\n\nResponse:');
    expect(report.text.endsWith('\n\n(empty body)')).toBe(true);
  });

  it('keeps an empty request body as an empty string', () => {
    const report = buildSupportReport({ ...request, body: '' }, response, when, undefined, redact, 'Authorization');
    expect(report.request.body).toBe('');
  });

  it('truncates bodies at MAX_REPORT_BODY', () => {
    expect(MAX_REPORT_BODY).toBe(64 * 1024);
    const big = 'r'.repeat(MAX_REPORT_BODY + 100);
    const report = buildSupportReport({ ...request, body: big }, { ...response, body: encode(big) }, when, undefined, redact, 'Authorization');
    const expected = `${'r'.repeat(MAX_REPORT_BODY)}… (100 more characters)`;
    expect(report.request.body).toBe(expected);
    expect(report.response.body).toBe(expected);
  });

  it('keeps bodies of exactly MAX_REPORT_BODY characters whole', () => {
    const exact = 'e'.repeat(MAX_REPORT_BODY);
    const report = buildSupportReport({ ...request, body: exact }, { ...response, body: encode(exact) }, when, undefined, redact, 'Authorization');
    expect(report.request.body).toBe(exact);
    expect(report.response.body).toBe(exact);
  });

  it('redacts before truncating, so a secret across the cut does not leak a prefix', () => {
    const body = `${'p'.repeat(MAX_REPORT_BODY - 5)}${TOKEN}${'q'.repeat(10)}`;
    const report = buildSupportReport({ ...request, body }, { ...response, body: encode(body) }, when, undefined, redact, 'Authorization');
    for (const kept of [report.request.body ?? '', report.response.body]) {
      expect(kept).not.toContain(TOKEN.slice(0, 5));
      expect(kept.startsWith(`${'p'.repeat(MAX_REPORT_BODY - 5)}[RED`)).toBe(true);
    }
  });

  it('decodes the response body as UTF-8', () => {
    const report = buildSupportReport(request, { ...response, body: encode('{"m":"Größe ✓"}') }, when, undefined, redact, 'Authorization');
    expect(report.response.body).toBe('{"m":"Größe ✓"}');
  });
});
