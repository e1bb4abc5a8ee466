/**
 * Step two of a review: the classification rules, as data. Each rule matches structural changes
 * by area, action, aspect, qualifier and direction, and judges them on two axes: wire (does an
 * already deployed client keep working?) and source (does the regenerated TypeScript still compile
 * for its users?). `contractgen diff --rules` lists them; every rule has a fixture pair in test/diff/.
 */
import type { Action, Area, Change, Direction } from './change.js';

export type Level = 'breaking' | 'warning' | 'info';
export const LEVELS: readonly Level[] = ['breaking', 'warning', 'info'];

export interface Rule {
  readonly id: string;
  /** The worse of the two axes. */
  readonly level: Level;
  readonly wire: Level;
  readonly source: Level;
  readonly direction: Direction;
  readonly area: Area;
  readonly action: Action;
  readonly aspect?: string;
  readonly qualifier?: string;
  readonly description: string;
}

type Spec = [id: string, area: Area, action: Action, direction: Direction, wire: Level, source: Level, description: string, match?: { aspect?: string; qualifier?: string }];

const SPECS: readonly Spec[] = [
  ['info-title-changed', 'info', 'changed', 'none', 'info', 'info', 'The contract title changed.', { aspect: 'title' }],
  ['info-version-changed', 'info', 'changed', 'none', 'info', 'info', 'The contract version changed.', { aspect: 'version' }],
  ['info-package-changed', 'info', 'changed', 'none', 'info', 'breaking', 'The generated package was renamed: imports must change.', { aspect: 'packageName' }],
  ['server-variable-added', 'server', 'added', 'none', 'info', 'info', 'A server variable was declared.'],
  ['server-variable-removed', 'server', 'removed', 'none', 'info', 'warning', 'A server variable was removed: clients that still pass it get an excess-property error.'],
  ['environment-variable-required', 'server', 'changed', 'none', 'info', 'breaking', 'An environment now needs another server variable: clients must configure it.', { aspect: 'required' }],
  ['environment-added', 'environment', 'added', 'none', 'info', 'info', 'An environment was added.'],
  ['environment-removed', 'environment', 'removed', 'none', 'breaking', 'breaking', 'An environment was removed.'],
  ['environment-urls-changed', 'environment', 'changed', 'none', 'warning', 'info', "An environment's host URLs changed.", { aspect: 'urls' }],
  ['endpoint-added', 'endpoint', 'added', 'none', 'info', 'info', 'An endpoint was added.'],
  ['endpoint-removed', 'endpoint', 'removed', 'none', 'breaking', 'breaking', 'An endpoint was removed: its method disappears from the client.'],
  ['endpoint-renamed', 'endpoint', 'changed', 'none', 'info', 'breaking', "An endpoint's operation id changed (same method, path and host): deployed clients call it as before, but its client method and types are renamed, so code that calls the old name no longer compiles.", { aspect: 'name' }],
  ['endpoint-method-changed', 'endpoint', 'changed', 'none', 'breaking', 'info', "An endpoint's HTTP method changed: deployed clients call the old one.", { aspect: 'method' }],
  ['endpoint-path-changed', 'endpoint', 'changed', 'none', 'breaking', 'info', "An endpoint's path changed: deployed clients call the old one.", { aspect: 'path' }],
  ['endpoint-host-changed', 'endpoint', 'changed', 'none', 'breaking', 'info', 'An endpoint moved to another host.', { aspect: 'host' }],
  ['endpoint-auth-added', 'endpoint', 'changed', 'none', 'breaking', 'info', 'An endpoint that needed no credentials now needs one: clients without it are refused.', { aspect: 'auth', qualifier: 'required' }],
  ['endpoint-auth-removed', 'endpoint', 'changed', 'none', 'info', 'info', 'An endpoint no longer needs credentials.', { aspect: 'auth', qualifier: 'none' }],
  ['endpoint-auth-scheme-removed', 'endpoint', 'removed', 'request', 'breaking', 'info', 'An endpoint no longer accepts an auth scheme (or set of schemes): clients that hold only it are refused.', { aspect: 'scheme' }],
  ['endpoint-auth-scheme-added', 'endpoint', 'added', 'request', 'info', 'info', 'An endpoint accepts another auth scheme.', { aspect: 'scheme' }],
  ['pagination-removed', 'endpoint', 'removed', 'none', 'info', 'breaking', 'An endpoint no longer pages: its {operation}Pages and {operation}Items functions are gone.', { aspect: 'pagination' }],
  ['pagination-added', 'endpoint', 'added', 'none', 'info', 'info', 'An endpoint pages: {operation}Pages and {operation}Items iterate it.', { aspect: 'pagination' }],
  ['pagination-changed', 'endpoint', 'changed', 'none', 'warning', 'info', 'An endpoint pages another way (kind, parameter, cursor or items): deployed iterators walk it the old way.', { aspect: 'pagination' }],
  ['response-header-removed', 'endpoint', 'removed', 'response', 'info', 'breaking', 'A response header is no longer declared: code that reads it from the typed headers no longer compiles.', { aspect: 'header' }],
  ['response-header-added', 'endpoint', 'added', 'response', 'info', 'info', 'A response header was declared.', { aspect: 'header' }],
  ['success-status-added', 'endpoint', 'added', 'response', 'info', 'warning', "A 2xx status was documented: deployed clients already read every 2xx as a success; where its body differs, data and result.status widen, so code that expects the old type may no longer compile.", { aspect: 'success-status' }],
  ['success-status-removed', 'endpoint', 'removed', 'response', 'info', 'warning', "A status is no longer among an endpoint's successes: code that compares response.status with it may no longer compile.", { aspect: 'success-status' }],
  ['response-header-made-optional', 'endpoint', 'changed', 'response', 'info', 'breaking', 'A response header is no longer on every success: code that reads it as a string must handle its absence.', { aspect: 'header', qualifier: 'optional' }],
  ['response-header-made-required', 'endpoint', 'changed', 'response', 'info', 'info', 'A response header is now on every success.', { aspect: 'header', qualifier: 'required' }],
  ['stream-added-beside-body', 'stream', 'added', 'response', 'warning', 'breaking', 'A success may now come as a stream instead of its JSON body: deployed clients fail on a stream sent to them; data becomes the body or an ItemStream.', { qualifier: 'beside-body' }],
  ['stream-added', 'stream', 'added', 'response', 'breaking', 'breaking', 'A success now comes as a stream where it was JSON or empty: deployed clients read it as JSON and fail; data becomes an ItemStream.', { qualifier: 'only' }],
  ['stream-removed-body-kept', 'stream', 'removed', 'response', 'info', 'breaking', 'A success no longer comes as a stream, only as the JSON body it could already be: deployed clients read that; code that iterates the stream no longer compiles.', { qualifier: 'body-kept' }],
  ['stream-removed', 'stream', 'removed', 'response', 'breaking', 'breaking', 'A success no longer comes as a stream: deployed clients get JSON or nothing where they iterate; code that iterates it no longer compiles.', { qualifier: 'only' }],
  ['stream-json-body-added', 'stream', 'added', 'response', 'warning', 'breaking', 'A streamed success may now answer JSON instead: deployed clients hand that to code expecting the stream; data becomes the body or the stream.', { aspect: 'json-body' }],
  ['stream-json-body-removed', 'stream', 'removed', 'response', 'info', 'breaking', 'A streamed success no longer answers JSON instead: deployed clients read the stream as before; code that handles the JSON answer no longer compiles.', { aspect: 'json-body' }],
  ['stream-framing-changed', 'stream', 'changed', 'response', 'breaking', 'info', 'A stream of JSON items is framed another way (JSON lines or JSON text sequences): deployed clients split it the old way and fail; the items keep their type.', { aspect: 'format', qualifier: 'framing' }],
  ['stream-format-changed', 'stream', 'changed', 'response', 'breaking', 'breaking', 'A stream is read another way (events, JSON items or bytes): deployed clients read it the old way and fail; what each item is changes.', { aspect: 'format', qualifier: 'items' }],
  ['stream-content-type-changed', 'stream', 'changed', 'response', 'warning', 'info', "A stream's media type changed: deployed clients ask for the old one in Accept, which a server that chooses by it may refuse; they read either alike.", { aspect: 'content-type' }],
  ['stream-events-form-changed', 'stream', 'changed', 'response', 'warning', 'breaking', 'An event stream switched between events typed by name and one data type for all: deployed clients read events the old way; code using the old types no longer compiles.', { aspect: 'events' }],
  ['stream-event-added', 'stream', 'added', 'response', 'info', 'breaking', 'An event stream declares another event: deployed clients skip it, as every event they do not know; exhaustive switches over event names no longer compile.', { aspect: 'event' }],
  ['stream-event-removed', 'stream', 'removed', 'response', 'warning', 'breaking', 'An event stream no longer declares an event: deployed clients stop getting it, and code that waits for it waits in vain; comparisons with its name no longer compile.', { aspect: 'event' }],
  ['stream-terminator-removed', 'stream', 'changed', 'response', 'info', 'info', 'A stream no longer ends with a terminator: deployed clients end it when the server closes it, as they would anyway.', { aspect: 'terminator', qualifier: 'removed' }],
  ['stream-terminator-changed', 'stream', 'changed', 'response', 'breaking', 'info', "A stream's terminator was set or changed: deployed clients do not recognise it; they read it as an event (an error, where it is not JSON) or skip it.", { aspect: 'terminator', qualifier: 'changed' }],
  ['stream-error-event-removed', 'stream', 'changed', 'response', 'warning', 'info', 'A stream no longer declares an error event: deployed clients still watch for the old one; failures may now show only as the stream ending.', { aspect: 'error-event', qualifier: 'removed' }],
  ['stream-error-event-set', 'stream', 'changed', 'response', 'warning', 'info', 'A stream now declares an error event: deployed clients skip it or read it as an event, so a failed stream may look complete to them.', { aspect: 'error-event', qualifier: 'set' }],
  ['stream-error-event-changed', 'stream', 'changed', 'response', 'breaking', 'info', "A stream's error event was renamed: deployed clients skip the new one or read it as an event, so a failed stream may look complete to them.", { aspect: 'error-event', qualifier: 'changed' }],
  ['stream-resumable-removed', 'stream', 'changed', 'response', 'warning', 'info', 'A stream is no longer resumable: deployed clients still reconnect after a drop with Last-Event-ID; the server may replay the stream from its start, or refuse.', { aspect: 'resumable', qualifier: 'removed' }],
  ['stream-resumable-added', 'stream', 'changed', 'response', 'info', 'info', 'A stream became resumable: deployed clients end it on a drop as before; regenerated ones reconnect.', { aspect: 'resumable', qualifier: 'added' }],
  ['stream-idle-timeout-raised', 'stream', 'changed', 'response', 'warning', 'info', 'A stream may now pause longer between chunks: deployed clients still end it with a timeout after the old idle time.', { aspect: 'idle-timeout', qualifier: 'raised' }],
  ['stream-idle-timeout-lowered', 'stream', 'changed', 'response', 'info', 'info', "A stream's idle timeout was lowered: deployed clients wait longer than they need to.", { aspect: 'idle-timeout', qualifier: 'lowered' }],
  ['webhook-event-added', 'webhook', 'added', 'response', 'warning', 'breaking', 'A webhook event was added: deployed receivers answer it as an event they do not know (verifyWebhook fails with unknown_event, webhookHandler acknowledges it unread); exhaustive switches over WebhookEvent no longer compile.'],
  ['webhook-event-removed', 'webhook', 'removed', 'response', 'warning', 'breaking', 'A webhook event was removed: receivers stop getting it, and code that waits for it waits in vain; handlers and comparisons that name it no longer compile.'],
  ['webhook-event-located-elsewhere', 'webhook', 'changed', 'response', 'breaking', 'info', 'Deliveries name their event in another place (a header, a payload field, or none): deployed receivers look in the old one and find no event.', { aspect: 'event' }],
  ['webhook-signature-changed', 'webhook', 'changed', 'response', 'breaking', 'info', "An event is signed another way (another scheme; or its header, hash, encoding, signed text or secret form): deployed receivers check the old way and refuse every delivery.", { aspect: 'signature' }],
  ['webhook-header-added', 'webhook', 'added', 'response', 'info', 'info', "A webhook event's header was declared.", { aspect: 'header' }],
  ['webhook-header-removed', 'webhook', 'removed', 'response', 'warning', 'breaking', "A webhook event's header is no longer declared: deployed receivers that require it refuse deliveries without it; code that reads it from the typed headers no longer compiles.", { aspect: 'header' }],
  ['webhook-header-made-optional', 'webhook', 'changed', 'response', 'breaking', 'breaking', "A webhook event's header is no longer on every delivery: deployed receivers refuse deliveries without it (missing_header); code that reads it as a string must handle its absence.", { aspect: 'header', qualifier: 'optional' }],
  ['webhook-header-made-required', 'webhook', 'changed', 'response', 'info', 'info', "A webhook event's header is now on every delivery.", { aspect: 'header', qualifier: 'required' }],
  ['path-parameter-renamed', 'param', 'changed', 'request', 'info', 'breaking', 'A path parameter was renamed: the wire path is the same, but the method input key changes.', { aspect: 'name' }],
  ['request-param-added-required', 'param', 'added', 'request', 'breaking', 'breaking', 'A required query, header or cookie parameter was added: existing calls lack it.', { qualifier: 'required' }],
  ['request-param-added-optional', 'param', 'added', 'request', 'info', 'info', 'An optional query, header or cookie parameter was added.', { qualifier: 'optional' }],
  ['request-param-removed', 'param', 'removed', 'request', 'warning', 'breaking', 'A parameter was removed: the server may reject or ignore it; code that passes it no longer compiles.'],
  ['request-param-made-required', 'param', 'changed', 'request', 'breaking', 'breaking', 'A parameter became required: calls that leave it out fail.', { aspect: 'required' }],
  ['request-param-made-optional', 'param', 'changed', 'request', 'info', 'info', 'A parameter became optional.', { aspect: 'optional' }],
  ['request-param-style-changed', 'param', 'changed', 'request', 'breaking', 'info', "A parameter's serialisation (style, explode or allowReserved) changed: deployed clients write it the old way.", { aspect: 'style' }],
  ['request-param-default-changed', 'param', 'changed', 'request', 'warning', 'info', "A parameter's server default changed: calls that leave it out now mean something else.", { aspect: 'default' }],
  ['request-param-moved', 'param', 'changed', 'request', 'breaking', 'info', 'A parameter now travels elsewhere or under another wire name (same input key): deployed clients send it where the server no longer reads it.', { aspect: 'wire' }],
  ['request-param-key-changed', 'param', 'changed', 'request', 'info', 'breaking', "A parameter's input key changed: the wire is the same, but code that passes it must use the new key.", { aspect: 'key' }],
  ['request-content-type-added', 'content-type', 'added', 'request', 'info', 'info', 'A request content type was added.'],
  ['request-content-type-removed', 'content-type', 'removed', 'request', 'breaking', 'warning', "A request content type was removed: deployed clients that send it are refused; code that names it in the call's contentType option no longer compiles."],
  ['response-content-type-added', 'content-type', 'added', 'response', 'warning', 'info', 'A response content type was added: deployed clients may reject it.'],
  ['response-content-type-removed', 'content-type', 'removed', 'response', 'info', 'info', 'A response content type was removed.'],
  ['request-field-added-required', 'field', 'added', 'request', 'breaking', 'breaking', 'A required request field was added: existing requests lack it.', { qualifier: 'required' }],
  ['request-field-added-optional', 'field', 'added', 'request', 'info', 'info', 'An optional request field was added.', { qualifier: 'optional' }],
  ['request-field-removed', 'field', 'removed', 'request', 'warning', 'breaking', 'A request field was removed: the server may reject or ignore it; code that sets it no longer compiles.'],
  ['request-field-made-required', 'field', 'changed', 'request', 'breaking', 'breaking', 'A request field became required.', { aspect: 'required' }],
  ['request-field-made-optional', 'field', 'changed', 'request', 'info', 'info', 'A request field became optional.', { aspect: 'optional' }],
  ['request-field-type-changed', 'field', 'changed', 'request', 'breaking', 'breaking', "A request field's type changed.", { aspect: 'type' }],
  ['request-type-described', 'field', 'changed', 'request', 'info', 'warning', 'A value clients send that had no type (no schema, {} or unknown) now has one: deployed clients send what they sent; code that passes a value of another type may no longer compile.', { aspect: 'described' }],
  ['request-type-undescribed', 'field', 'changed', 'request', 'info', 'info', 'A value clients send lost its type (now unknown, or any object): the description says less about what the server accepts; code that passes the old type still compiles.', { aspect: 'undescribed' }],
  ['request-format-narrowed', 'field', 'changed', 'request', 'warning', 'info', 'A format was given or changed on a value clients send (date-time, uri and the like): JSON Schema makes a format an annotation, but a server that checks it may refuse values deployed clients send; the TypeScript type is the same.', { aspect: 'format', qualifier: 'narrowed' }],
  ['request-int64-removed', 'field', 'changed', 'request', 'info', 'breaking', 'An integer clients send is no longer int64: its TypeScript type loses bigint, so code that passes a bigint no longer compiles.', { aspect: 'format', qualifier: 'int64-removed' }],
  ['request-form-field-encoding-changed', 'field', 'changed', 'request', 'breaking', 'info', 'A form field is written another way (as JSON text, or by brackets): deployed clients write it the old way.', { aspect: 'encoding' }],
  ['request-field-default-changed', 'field', 'changed', 'request', 'warning', 'info', "A request field's default changed: requests that omit it now mean something else.", { aspect: 'default' }],
  ['request-rule-changed', 'field', 'changed', 'request', 'warning', 'breaking', 'A conditional requirement or field group changed.', { aspect: 'requiredWhen' }],
  ['request-group-changed', 'field', 'changed', 'request', 'warning', 'breaking', 'A "sent together" field group changed.', { aspect: 'together' }],
  ['request-object-closed', 'field', 'changed', 'request', 'warning', 'breaking', 'A request object no longer admits unknown fields.', { aspect: 'closed' }],
  ['request-object-opened', 'field', 'changed', 'request', 'info', 'info', 'A request object now admits fields the contract does not show.', { aspect: 'open' }],
  ['response-field-added', 'field', 'added', 'response', 'info', 'info', 'A response field was added.'],
  ['response-field-removed', 'field', 'removed', 'response', 'breaking', 'breaking', 'A required response field was removed.', { qualifier: 'required' }],
  ['response-field-removed-optional', 'field', 'removed', 'response', 'warning', 'breaking', 'An optional response field was removed: code that reads it no longer compiles.', { qualifier: 'optional' }],
  ['response-field-made-optional', 'field', 'changed', 'response', 'breaking', 'breaking', 'A response field became optional: code that reads it must handle its absence.', { aspect: 'optional' }],
  ['response-field-made-required', 'field', 'changed', 'response', 'info', 'info', 'A response field became required.', { aspect: 'required' }],
  ['response-field-type-changed', 'field', 'changed', 'response', 'breaking', 'breaking', "A response field's type changed.", { aspect: 'type' }],
  ['response-bytes-typed', 'field', 'changed', 'response', 'info', 'breaking', 'A body clients read as bytes is now read as its type (JSON or text): deployed clients still get the bytes they got; code that used them as bytes no longer compiles.', { aspect: 'bytes-typed' }],
  ['response-type-described', 'field', 'changed', 'response', 'info', 'warning', 'A value clients read that had no type (no schema, {} or unknown) now has one: the bytes are the same; code that narrowed or cast the unknown value can use it as it is, and a cast to a type the new one does not overlap no longer compiles.', { aspect: 'described' }],
  ['response-type-undescribed', 'field', 'changed', 'response', 'info', 'breaking', 'A value clients read lost its type (now unknown or any object, as where the last documented success of an endpoint went): the bytes may be the same, but code that uses it as the old type no longer compiles.', { aspect: 'undescribed' }],
  ['response-int64-added', 'field', 'changed', 'response', 'info', 'breaking', 'An integer clients read became int64: its TypeScript type is number or bigint (a bigint where a double would lose digits), so code that uses it as a number no longer compiles.', { aspect: 'format', qualifier: 'int64-added' }],
  ['format-changed', 'field', 'changed', 'none', 'info', 'info', "A value's format was given, changed or dropped where that refuses no deployed client and breaks no code: a format of what clients read, one dropped from what they send, int64 given to what they send or taken from what they read.", { aspect: 'format' }],
  ['response-field-default-changed', 'field', 'changed', 'response', 'info', 'info', "A response field's documented default changed.", { aspect: 'default' }],
  ['response-rule-changed', 'field', 'changed', 'response', 'info', 'warning', 'A conditional requirement of a response type changed.', { aspect: 'requiredWhen' }],
  ['response-group-changed', 'field', 'changed', 'response', 'info', 'warning', 'A field group of a response type changed.', { aspect: 'together' }],
  ['response-object-closed', 'field', 'changed', 'response', 'info', 'warning', 'A response object no longer admits unknown fields.', { aspect: 'closed' }],
  ['response-object-opened', 'field', 'changed', 'response', 'info', 'info', 'A response object now admits unknown fields.', { aspect: 'open' }],
  ['request-field-nullable-added', 'field', 'changed', 'request', 'info', 'info', 'A request field now accepts null.', { aspect: 'nullable', qualifier: 'added' }],
  ['request-field-nullable-removed', 'field', 'changed', 'request', 'breaking', 'breaking', 'A request field no longer accepts null: requests that send null are rejected; code that passes null no longer compiles.', { aspect: 'nullable', qualifier: 'removed' }],
  ['response-field-nullable-added', 'field', 'changed', 'response', 'breaking', 'breaking', 'A response field may now be null: deployed clients meet null where they expect a value; code that reads it must handle null.', { aspect: 'nullable', qualifier: 'added' }],
  ['response-field-nullable-removed', 'field', 'changed', 'response', 'info', 'info', 'A response field is no longer null.', { aspect: 'nullable', qualifier: 'removed' }],
  ['request-field-made-read-only', 'field', 'changed', 'request', 'warning', 'breaking', 'A request field became read-only: requests no longer carry it (the server ignores or rejects it); code that sets it no longer compiles.', { aspect: 'made-read-only' }],
  ['request-field-read-only-removed-required', 'field', 'changed', 'request', 'breaking', 'breaking', 'A required field is no longer read-only: requests must now carry it, and existing ones lack it.', { aspect: 'read-only-removed', qualifier: 'required' }],
  ['request-field-read-only-removed-optional', 'field', 'changed', 'request', 'info', 'info', 'An optional field is no longer read-only: requests may now carry it.', { aspect: 'read-only-removed', qualifier: 'optional' }],
  ['response-field-made-write-only', 'field', 'changed', 'response', 'breaking', 'breaking', 'A response field became write-only: responses no longer carry it; code that reads it no longer compiles.', { aspect: 'made-write-only' }],
  ['response-field-write-only-removed', 'field', 'changed', 'response', 'info', 'info', 'A field is no longer write-only: responses now carry it.', { aspect: 'write-only-removed' }],
  ['request-constraint-narrowed', 'field', 'changed', 'request', 'breaking', 'info', 'A constraint on what clients send was narrowed: values deployed clients send may now be rejected.', { aspect: 'constraint', qualifier: 'narrowed' }],
  ['request-constraint-replaced', 'field', 'changed', 'request', 'warning', 'info', 'A pattern on what clients send was replaced by one it cannot be compared with here: values deployed clients send may no longer match; read both.', { aspect: 'constraint', qualifier: 'replaced' }],
  ['request-constraint-set', 'field', 'changed', 'request', 'warning', 'info', 'A constraint was given to what clients send where there was none (a maximum, a length, a pattern): often the description catching up with what the server already checks, but a server that starts checking it refuses values deployed clients may send.', { aspect: 'constraint', qualifier: 'set' }],
  ['request-constraint-widened', 'field', 'changed', 'request', 'info', 'info', 'A constraint on what clients send was widened: more values are accepted.', { aspect: 'constraint', qualifier: 'widened' }],
  ['response-constraint-narrowed', 'field', 'changed', 'response', 'info', 'info', 'A constraint on what clients read was narrowed: fewer values arrive.', { aspect: 'constraint', qualifier: 'narrowed' }],
  ['response-constraint-set', 'field', 'changed', 'response', 'info', 'info', 'A constraint was given to what clients read where there was none: no value deployed clients handle goes away.', { aspect: 'constraint', qualifier: 'set' }],
  ['response-constraint-widened', 'field', 'changed', 'response', 'warning', 'info', 'A constraint on what clients read was widened: values beyond the old bounds may reach deployed clients.', { aspect: 'constraint', qualifier: 'widened' }],
  ['request-union-member-added', 'union', 'added', 'request', 'info', 'info', 'A union clients send gained a member.'],
  ['request-union-member-removed', 'union', 'removed', 'request', 'breaking', 'breaking', 'A member was removed from a union clients send: requests with it are rejected; code that builds it no longer compiles.'],
  ['response-union-member-added', 'union', 'added', 'response', 'warning', 'breaking', 'A union clients read gained a member: deployed clients meet a variant they do not know; exhaustive switches no longer compile.'],
  ['response-union-member-removed', 'union', 'removed', 'response', 'info', 'breaking', 'A member was removed from a union clients read: case labels for it no longer compile.'],
  ['union-discriminator-changed', 'union', 'changed', 'none', 'breaking', 'breaking', "How a union tells its members apart changed (its field, or a member's value): deployed clients and switches read the old tags.", { aspect: 'discriminator' }],
  ['unused-type-changed', 'type', 'changed', 'none', 'info', 'info', 'A type no operation sends or reads changed (a schema kept for reference): no call is affected, so it is not judged by direction; code that uses its exported TypeScript type may need to follow.', { aspect: 'unused' }],
  ['deprecated-added', 'deprecation', 'added', 'none', 'info', 'info', 'A type, field, enum value or endpoint was deprecated: editors strike it through; it still works.'],
  ['request-enum-value-added', 'enum', 'added', 'request', 'info', 'info', 'A value was added to an enum clients send.'],
  ['request-enum-value-removed', 'enum', 'removed', 'request', 'breaking', 'breaking', 'A value was removed from an enum clients send.'],
  ['response-enum-value-added-closed', 'enum', 'added', 'response', 'warning', 'breaking', 'A value was added to a closed enum clients read: deployed clients meet an unknown value; exhaustive switches no longer compile.', { qualifier: 'closed' }],
  ['response-enum-value-added-open', 'enum', 'added', 'response', 'info', 'info', 'A value was added to an open enum clients read.', { qualifier: 'open' }],
  ['response-enum-value-removed-closed', 'enum', 'removed', 'response', 'info', 'breaking', 'A value was removed from a closed enum clients read: case labels for it no longer compile.', { qualifier: 'closed' }],
  ['response-enum-value-removed-open', 'enum', 'removed', 'response', 'info', 'info', 'A value was removed from an open enum clients read.', { qualifier: 'open' }],
  ['request-enum-opened', 'enum', 'changed', 'request', 'info', 'info', 'An enum clients send was made open.', { aspect: 'open' }],
  ['request-enum-closed', 'enum', 'changed', 'request', 'warning', 'breaking', 'An enum clients send was made closed: values outside the list are now rejected.', { aspect: 'closed' }],
  ['response-enum-opened', 'enum', 'changed', 'response', 'warning', 'breaking', 'An enum clients read was made open: unknown values may arrive; exhaustive switches no longer compile.', { aspect: 'open' }],
  ['response-enum-closed', 'enum', 'changed', 'response', 'info', 'warning', 'An enum clients read was made closed: no value deployed clients handle goes away, but its type narrows from a string to the listed values, so code that compares it with a value outside the list no longer compiles.', { aspect: 'closed' }],
  ['error-code-added-open', 'error-code', 'added', 'response', 'info', 'warning', 'An error code was added to an open table: deployed clients treat it by status; exhaustive switches over the code union no longer compile.', { qualifier: 'open' }],
  ['error-code-added-closed', 'error-code', 'added', 'response', 'warning', 'breaking', 'An error code was added to a closed table.', { qualifier: 'closed' }],
  ['error-code-removed-open', 'error-code', 'removed', 'response', 'info', 'breaking', 'An error code was removed from an open table: case labels for it no longer compile.', { qualifier: 'open' }],
  ['error-code-removed-closed', 'error-code', 'removed', 'response', 'info', 'breaking', 'An error code was removed from a closed table: case labels for it no longer compile.', { qualifier: 'closed' }],
  ['error-code-status-changed', 'error-code', 'changed', 'response', 'warning', 'info', 'An error code is now sent with another HTTP status.', { aspect: 'status' }],
  ['error-table-opened', 'error-code', 'changed', 'response', 'info', 'info', 'A code table was declared open.', { aspect: 'open' }],
  ['error-table-closed', 'error-code', 'changed', 'response', 'info', 'info', 'A code table was declared closed.', { aspect: 'closed' }],
  ['error-shape-added', 'shape', 'added', 'response', 'warning', 'info', 'A host answers with a new envelope shape: deployed clients decode it as unrecognised.'],
  ['error-shape-removed', 'shape', 'removed', 'response', 'info', 'warning', 'A host no longer answers with an envelope shape.'],
  ['error-shape-match-changed', 'shape', 'changed', 'response', 'breaking', 'info', 'How an envelope is recognised changed: deployed decoders no longer recognise it.', { aspect: 'match' }],
  ['error-shape-fields-changed', 'shape', 'changed', 'response', 'warning', 'info', 'Where an envelope carries its code, message or field errors changed.', { aspect: 'read' }],
  ['category-added', 'category', 'added', 'response', 'info', 'warning', 'An error category was added: exhaustive switches over categories no longer compile.'],
  ['category-removed', 'category', 'removed', 'response', 'info', 'breaking', 'An error category was removed.'],
  ['category-retryable-changed', 'category', 'changed', 'response', 'warning', 'info', 'Whether a category is retried changed.', { aspect: 'retryable' }],
  ['status-category-changed', 'category', 'changed', 'response', 'warning', 'info', 'The category of an HTTP status changed.', { aspect: 'status' }],
  ['message-row-added', 'message', 'added', 'response', 'info', 'info', 'A validation-message row was added: deployed clients do not map it to a field.'],
  ['message-row-removed', 'message', 'removed', 'response', 'warning', 'info', 'A validation-message row was removed.'],
  ['message-row-changed', 'message', 'changed', 'response', 'warning', 'info', 'A validation-message row changed.', { aspect: 'rule' }],
  ['message-aliases-changed', 'message', 'changed', 'response', 'warning', 'info', 'The message-to-request field vocabulary changed.', { aspect: 'aliases' }],
  ['quirk-added', 'quirk', 'added', 'response', 'warning', 'info', 'A quirk rule was added: deployed clients do not act on it.'],
  ['quirk-removed', 'quirk', 'removed', 'response', 'warning', 'info', 'A quirk rule was removed: deployed clients still act on it.'],
  ['quirk-changed', 'quirk', 'changed', 'response', 'warning', 'info', 'A quirk rule changed.', { aspect: 'rule' }],
  ['policy-added', 'policy', 'added', 'response', 'info', 'info', 'A policy was added.'],
  ['policy-removed', 'policy', 'removed', 'response', 'warning', 'info', 'A policy was removed.'],
  ['policy-changed', 'policy', 'changed', 'response', 'warning', 'info', "A policy's category or restrictions changed.", { aspect: 'rule' }],
  ['auth-scheme-added', 'auth', 'added', 'none', 'info', 'info', 'An auth scheme was added: a new credential option.', { aspect: 'scheme' }],
  ['auth-scheme-removed', 'auth', 'removed', 'none', 'info', 'breaking', "An auth scheme was removed: its credential option disappears.", { aspect: 'scheme' }],
  ['auth-scheme-changed', 'auth', 'changed', 'request', 'breaking', 'breaking', 'An auth scheme changed its type or where its credential travels.', { aspect: 'scheme' }],
  ['auth-added', 'auth', 'added', 'none', 'breaking', 'info', 'The API now requires tokens.'],
  ['auth-removed', 'auth', 'removed', 'none', 'info', 'breaking', 'The API no longer has an auth section: credentials options disappear.'],
  ['auth-grant-added', 'auth', 'added', 'request', 'info', 'info', 'A grant was added.', { aspect: 'grant' }],
  ['auth-grant-removed', 'auth', 'removed', 'request', 'breaking', 'breaking', 'A grant was removed.', { aspect: 'grant' }],
  ['auth-token-endpoint-changed', 'auth', 'changed', 'none', 'breaking', 'info', 'The token endpoint changed.', { aspect: 'endpoint' }],
  ['auth-lifetime-changed', 'auth', 'changed', 'none', 'info', 'info', "An environment's documented token lifetime changed (used when expires_in is absent).", { aspect: 'lifetime' }],
  ['auth-carrier-changed', 'auth', 'changed', 'request', 'breaking', 'info', 'The header or scheme that carries the token changed.', { aspect: 'carrier' }],
];

function worse(a: Level, b: Level): Level {
  return LEVELS.indexOf(a) <= LEVELS.indexOf(b) ? a : b;
}

export const RULES: readonly Rule[] = SPECS.map(([id, area, action, direction, wire, source, description, match]) => ({
  id,
  level: worse(wire, source),
  wire,
  source,
  direction,
  area,
  action,
  ...(match?.aspect === undefined ? {} : { aspect: match.aspect }),
  ...(match?.qualifier === undefined ? {} : { qualifier: match.qualifier }),
  description,
}));

/** The one rule for a change; undefined means the differ emitted something no rule covers (a bug). */
export function ruleFor(change: Change): Rule | undefined {
  return RULES.find(
    (r) =>
      r.area === change.area &&
      r.action === change.action &&
      (r.direction === 'none' || r.direction === change.direction) &&
      // A rule without an aspect covers only changes without one (auth-added is not a grant added).
      r.aspect === change.aspect &&
      (r.qualifier === undefined || r.qualifier === change.qualifier),
  );
}
