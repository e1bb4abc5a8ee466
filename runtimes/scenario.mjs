// The program every runtime runs (runtimes/run.mjs): the generated package's calls, a JSON body,
// a multipart upload with a file, a raw binary body, a server-sent event stream, cursor pagination
// a middleware that signs with Web Crypto, against the matrix server at `base`, and webhook
// deliveries signed and verified by the fetch-style handler (Web Crypto, Request and Response). Plain
// JavaScript with no runtime's own API, so the same text runs in Node, Bun, Deno, workerd and a
// browser. Each scenario answers `true` or the way it failed.

/** Every scenario's outcome by name: true, or what went wrong. */
export async function run(pkg, base) {
  const client = pkg.createClient({ servers: { api_url: base }, maxRetries: 0, timeoutMs: 10_000 });
  const outcomes = {};
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    try {
      outcomes[name] = await scenario(pkg, client, base);
    } catch (error) {
      outcomes[name] = `threw: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return outcomes;
}

const expect = (ok, what) => (ok ? true : what);

const SCENARIOS = {
  async call(_pkg, client) {
    const r = await client.getNote({ id: 'n 1' });
    return expect(r.ok && r.data.id === 'n 1' && r.data.text === 'hello', JSON.stringify(r));
  },
  async jsonBody(_pkg, client) {
    const r = await client.createNote({ body: { id: 'n2', text: 'héllo ✓' } });
    return expect(r.ok && r.status === 201 && r.data.text === 'héllo ✓', JSON.stringify(r));
  },
  async errorDecoded(_pkg, client) {
    const r = await client.getNote({ id: 'missing' });
    return expect(!r.ok && r.error.status === 404, JSON.stringify(r));
  },
  async multipartUpload(_pkg, client) {
    const file = new Uint8Array(3000).map((_, i) => i % 251);
    const r = await client.uploadFile({ body: { title: 'report', file } });
    return expect(r.ok && r.data.title === 'report' && r.data.bytes === 3000, JSON.stringify(r));
  },
  async blobUpload(_pkg, client) {
    const r = await client.uploadFile({ body: { title: 'blob', file: new Blob([new Uint8Array(1234)]) } });
    return expect(r.ok && r.data.bytes === 1234, JSON.stringify(r));
  },
  async binaryBody(_pkg, client) {
    const r = await client.putBytes({ body: new Uint8Array(70_000).fill(7) });
    return expect(r.ok && r.data.bytes === 70_000, JSON.stringify(r));
  },
  async stream(_pkg, client) {
    const r = await client.ticks();
    if (!r.ok) return JSON.stringify(r);
    const seen = [];
    for await (const event of r.data) seen.push(event.data.n);
    return expect(seen.join(',') === '1,2,3' && r.data.error === undefined, `${seen.join(',')} ${JSON.stringify(r.data.error)}`);
  },
  async pagination(pkg, client) {
    const ids = [];
    for await (const item of pkg.listNotesItems(client)) {
      if (!item.ok) return JSON.stringify(item);
      ids.push(item.data.id);
    }
    return expect(ids.join(',') === 'p1,p2,p3', ids.join(','));
  },
  async timeout(pkg, _client, base) {
    const slow = pkg.createClient({ servers: { api_url: base }, maxRetries: 0, timeoutMs: 100 });
    const r = await slow.getNote({ id: 'slow' });
    return expect(!r.ok && r.error.code === 'timeout', JSON.stringify(r));
  },
  async middlewareSigning(pkg, _client, base) {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('matrix-secret'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const sign = {
      async onRequest(request) {
        const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${request.method} ${new URL(request.url).pathname}\n${request.body ?? ''}`)));
        request.headers['x-signature'] = Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
      },
    };
    const signed = pkg.createClient({ servers: { api_url: base }, maxRetries: 0, middleware: pkg.middleware(sign) });
    const r = await signed.createNote({ body: { id: 'signed', text: 'x' } });
    return expect(r.ok && r.data.text === 'signature ok', JSON.stringify(r));
  },
  async webhookHandler(pkg) {
    const secret = { standard: `whsec_${btoa('a matrix webhook secret, 32 byte')}`, github: 'matrix github secret' };
    const seen = [];
    const handle = pkg.webhookHandler({ secret, on: { 'note.created': (event) => void seen.push(`${event.type} ${event.payload.id}`), 'note.pushed': (event) => void seen.push(`${event.type} ${event.payload.text}`) } });
    const deliver = async (type, note, tamper) => {
      const { body, headers } = await pkg.signWebhook(type, note, { secret });
      return (await handle(new Request('https://receiver.example/hooks', { method: 'POST', body: tamper ? body.replace('"x"', '"y"') : body, headers }))).status;
    };
    const statuses = [await deliver('note.created', { id: 'w1', text: 'x' }), await deliver('note.pushed', { id: 'w2', text: 'pushed' }), await deliver('note.created', { id: 'w3', text: 'x' }, true)];
    return expect(statuses.join(',') === '204,204,401' && seen.join(';') === 'note.created w1;note.pushed pushed', `${statuses.join(',')} ${seen.join(';')}`);
  },
};
