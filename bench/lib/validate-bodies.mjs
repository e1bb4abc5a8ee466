/**
 * The packages, types and bodies of the `validate` measure (issue 35's generated validators):
 * for each measured type a few valid bodies (the package's mock fixture of it, when it has one,
 * and hand-made ones with the optional fields filled in) and a few invalid ones, each a realistic
 * drift of a valid body: a wrong type deep inside, a missing required field, an unknown field on
 * a closed object, a bad format, and several drifts at once (for the all-issues rows).
 *
 * Bodies are plain parsed JSON (built here, then passed through JSON.parse(JSON.stringify())), as
 * a validator sees a response body.
 */

/** The packages generated for the measure: contract (relative to the repository root) and measured types. */
export const PACKAGES = [
  { name: 'types', contract: 'test/fixtures/types/contract.yaml', types: ['Dog', 'Pet', 'Enclosure', 'Tree'] },
  // Order itself is an open object with no declared fields ("Fields of order records: not shown"):
  // its check is one typeof. The measured types are the order payload the contract does declare
  // (OrderRequest: stops, items, the payment pair) and the largest response bodies, the two error envelopes.
  { name: 'orders', contract: 'contract/orders.yaml', types: ['OrderRequest', 'ApiErrorBody', 'FulfilmentErrorBody'] },
];

/** Where a type's body sits in the package's mocks/fixtures.json (a success body of one of its endpoints). */
const FROM_FIXTURES = {
  Dog: ['endpoints', 'createPet', 'success', 'json'],
  Pet: ['endpoints', 'createPet', 'success', 'json'],
  Enclosure: ['endpoints', 'getEnclosure', 'success', 'json'],
  Tree: ['endpoints', 'getFamily', 'success', 'json'],
};

const clone = (v) => JSON.parse(JSON.stringify(v));
/** A copy of `body` with `edit` applied to it. */
const drift = (body, edit) => {
  const copy = clone(body);
  edit(copy);
  return copy;
};

function dog(i) {
  return {
    id: 1000 + i,
    name: `Rex ${i}`,
    species: 'dog',
    born: '2019-04-1' + (i % 10),
    created_at: `2024-01-15T09:3${i % 10}:00.123+01:00`,
    nickname: i % 2 ? null : 'Rexy',
    weight_kg: 21.5 + i,
    diet: 'carnivore',
    tags: ['good-boy', 'brown', `pen-${i}`],
    labels: { color: 'brown', ward: `w${i}` },
    legacy_code: `D-${i}`,
    good: true,
    tricks: ['sit', 'roll', 'fetch'],
  };
}

function cat(i) {
  return { id: 2000 + i, name: `Tom ${i}`, species: 'cat', created_at: '2023-11-02T17:05:09Z', weight_kg: 4.25, diet: 'carnivore', tags: ['indoor'], labels: { color: 'black' }, lives: 7 };
}

function fish(i) {
  return { id: 3000 + i, name: `Nemo ${i}`, species: 'fish', born: '2024-02-29', created_at: '2024-03-01T08:00:00-05:00', nickname: null, diet: 'omnivore', water: 'salt' };
}

function enclosure(i) {
  return {
    id: `3fa85f64-5717-4562-b3fc-2c963f66afa${i}`,
    kind: 'enclosure',
    capacity: 12 + i,
    priority: 2,
    level: 20,
    size: 'L',
    location: i % 2 ? { x: 12.5, y: -3 } : [51.5, -0.12],
    residents: { north: [1001, 1002, 1003], south: [2001, 2002], pond: [3001, 3002, 3003, 3004] },
    grid: [
      [1, 0, 1, 1],
      [0, 0, 1, 0],
      [1, 1, 1, 0],
    ],
    occupancy: 62.5,
    feeding: { time: '08:30:00+01:00' },
    heated: true,
    notes: { vet: 'weekly', keeper: null, cleaning: 'daily at dawn' },
    big_count: 123456789,
  };
}

/** A family tree of `count` nodes, breadth first, three children a node; the root's parent is null. */
function tree(count) {
  const nodes = [];
  for (let i = 0; i < count; i++) nodes.push({ name: `member-${i}`, children: [] });
  for (let i = 1; i < count; i++) nodes[Math.floor((i - 1) / 3)].children.push(nodes[i]);
  nodes[0].parent = null;
  return nodes[0];
}
/** The node at a path of child indexes. */
const node = (t, ...path) => path.reduce((n, i) => n.children[i], t);

function orderRequest(i) {
  const items = [];
  for (let k = 0; k < 6; k++) items.push({ name: `Item ${k}`, sku: `SKU-${i}-${k}`, quantity: 1 + (k % 3), weight_g: 250 * (k + 1), fragile: k % 2 === 0 });
  return {
    origin: { address: { address1: '1 Warehouse Way', address2: 'Unit 4', city: 'Leeds', postcode: 'LS1 4AP', country: 'GB' }, contact: { name: 'Depot', phone: '+44 113 000 0000' } },
    destination: { address: { address1: `${10 + i} High Street`, city: 'York', postcode: 'YO1 7HH', country: 'GB' }, contact: { name: 'A. Customer', phone: '+44 1904 000000' }, notes: 'Leave with neighbour' },
    items,
    kind: 'same_day',
    billing_identifier: `ACCT-${7000 + i}`,
    payment_amount: 42.5 + i,
    payment_mode: 'card',
  };
}

function apiErrorBody(i) {
  const message = 'Validation failed';
  return {
    api_error: {
      id: 4220 + i,
      code: 'validation_failed',
      message,
      human: 'Some fields of the order are not valid.',
      description: 'The order could not be created: see attribute_errors.',
      http_status_code: 422,
      attribute_errors: [{ detail: "'dropoff.address1' must not be blank" }, { detail: '[origin] is missing' }, { detail: '[order][items] invalid' }],
    },
    error: message,
    errors: [{ detail: message }],
    error_details: [{ detail: message }],
    error_detail: 'Some fields of the order are not valid.',
  };
}

function fulfilmentErrorBody(i) {
  return {
    status: 'invalid_argument',
    code: 'invalid_argument',
    message: `The request has ${3 + i} invalid fields.`,
    details: {
      type: 'input',
      fields: [
        { field: 'destination.address.postcode', message: 'required' },
        { field: 'items.0.quantity', message: 'min' },
        { field: 'items.2.sku', message: 'format' },
      ],
    },
  };
}

/**
 * The bodies of one type: `valid` (list) and `invalid` (list of { what, body }). `fixtures` is the
 * package's parsed mocks/fixtures.json (or undefined).
 */
export function bodiesOf(type, fixtures) {
  const fixture = FROM_FIXTURES[type]?.reduce((v, k) => v?.[k], fixtures);
  const withFixture = (list) => (fixture === undefined ? list : [fixture, ...list]);
  let valid;
  let invalid;
  switch (type) {
    case 'Dog': {
      valid = withFixture([dog(1), dog(2)]);
      const d = dog(3);
      invalid = [
        { what: 'wrong type deep inside (labels.ward a number)', body: drift(d, (b) => (b.labels.ward = 7)) },
        { what: 'required field missing (good)', body: drift(d, (b) => delete b.good) },
        { what: 'unknown field on a closed object (owner)', body: drift(d, (b) => (b.owner = 'Ann')) },
        { what: 'bad format (created_at: 30 February)', body: drift(d, (b) => (b.created_at = '2024-02-30T09:30:00Z')) },
        {
          what: 'three drifts (tricks[1] not in the enum, weight_kg a string, unknown field)',
          body: drift(d, (b) => {
            b.tricks[1] = 'beg';
            b.weight_kg = '21.5';
            b.owner = 'Ann';
          }),
        },
      ];
      break;
    }
    case 'Pet': {
      valid = withFixture([dog(4), cat(1), fish(1)]);
      const c = cat(2);
      invalid = [
        { what: 'wrong type deep inside (a cat’s tags[0] a number)', body: drift(c, (b) => (b.tags[0] = 5)) },
        { what: 'required field missing (a cat’s lives)', body: drift(c, (b) => delete b.lives) },
        { what: 'unknown field on a closed object (a cat with water)', body: drift(c, (b) => (b.water = 'fresh')) },
        { what: 'bad format (a fish’s born 2023-02-29)', body: drift(fish(2), (b) => (b.born = '2023-02-29')) },
        {
          what: 'three drifts (a cat: lives 12, name empty, unknown field)',
          body: drift(c, (b) => {
            b.lives = 12;
            b.name = '';
            b.owner = 'Ann';
          }),
        },
      ];
      break;
    }
    case 'Enclosure': {
      valid = withFixture([enclosure(1), enclosure(2)]);
      const e = enclosure(3);
      invalid = [
        { what: 'wrong type deep inside (residents.pond[2] a string)', body: drift(e, (b) => (b.residents.pond[2] = '3003')) },
        { what: 'required field missing (capacity)', body: drift(e, (b) => delete b.capacity) },
        { what: 'unknown field on a closed object (feeding.day)', body: drift(e, (b) => (b.feeding.day = 'mon')) },
        { what: 'bad format (id not a uuid)', body: drift(e, (b) => (b.id = '3fa85f64-5717-4562-b3fc-2c963f66afaz')) },
        {
          what: 'three drifts (grid[1][2] a fraction, occupancy over 100, unknown field)',
          body: drift(e, (b) => {
            b.grid[1][2] = 0.5;
            b.occupancy = 101;
            b.owner = 'zoo';
          }),
        },
      ];
      break;
    }
    case 'Tree': {
      valid = withFixture([tree(100)]);
      const t = tree(100);
      invalid = [
        { what: 'wrong type deep inside (a depth-4 node’s name a number)', body: drift(t, (b) => (node(b, 1, 1, 0, 1).name = 42)) },
        { what: 'required field missing (a depth-3 node’s children)', body: drift(t, (b) => delete node(b, 1, 2, 0).children) },
        { what: 'unknown field on a closed object (a depth-4 node’s age)', body: drift(t, (b) => (node(b, 0, 0, 2, 0).age = 3)) },
        { what: 'wrong type at the root (parent a string; Tree has no format)', body: drift(t, (b) => (b.parent = 'none')) },
        {
          what: 'three drifts (two names numbers, an unknown field, at depths 2–4)',
          body: drift(t, (b) => {
            node(b, 0, 1).name = 1;
            node(b, 2, 2, 1).name = 2;
            node(b, 1, 0, 0, 2).age = 3;
          }),
        },
      ];
      break;
    }
    case 'OrderRequest': {
      valid = [orderRequest(1), orderRequest(2)];
      const o = orderRequest(3);
      invalid = [
        { what: 'wrong type deep inside (items[4].name a number)', body: drift(o, (b) => (b.items[4].name = 12)) },
        { what: 'required field missing (destination.address.address1)', body: drift(o, (b) => delete b.destination.address.address1) },
        { what: 'payment_amount without payment_mode (dependentRequired; OrderRequest has no closed object)', body: drift(o, (b) => delete b.payment_mode) },
        { what: 'wrong type (billing_identifier a number; no format in this contract)', body: drift(o, (b) => (b.billing_identifier = 7001)) },
        {
          what: 'three drifts (items[1].name null, origin.address an array, kind a number)',
          body: drift(o, (b) => {
            b.items[1].name = null;
            b.origin.address = [];
            b.kind = 3;
          }),
        },
      ];
      break;
    }
    case 'ApiErrorBody': {
      valid = [apiErrorBody(1), apiErrorBody(2)];
      const a = apiErrorBody(3);
      invalid = [
        { what: 'wrong type deep inside (api_error.attribute_errors[2].detail null)', body: drift(a, (b) => (b.api_error.attribute_errors[2].detail = null)) },
        { what: 'required field missing (errors[0].detail)', body: drift(a, (b) => delete b.errors[0].detail) },
        { what: 'unknown field on a closed object (api_error.trace_id)', body: drift(a, (b) => (b.api_error.trace_id = 'abc123')) },
        { what: 'wrong type (api_error.http_status_code a string; no format in this contract)', body: drift(a, (b) => (b.api_error.http_status_code = '422')) },
        {
          what: 'three drifts (api_error.id a fraction, attribute_errors an object, unknown field)',
          body: drift(a, (b) => {
            b.api_error.id = 4.5;
            b.api_error.attribute_errors = { detail: 'x' };
            b.request_id = 'r-1';
          }),
        },
      ];
      break;
    }
    case 'FulfilmentErrorBody': {
      valid = [fulfilmentErrorBody(1), fulfilmentErrorBody(2)];
      const f = fulfilmentErrorBody(3);
      invalid = [
        { what: 'wrong type deep inside (details.fields[2].field a number)', body: drift(f, (b) => (b.details.fields[2].field = 7)) },
        { what: 'required field missing (details.type)', body: drift(f, (b) => delete b.details.type) },
        { what: 'unknown field on a closed object (details.fields[0].hint)', body: drift(f, (b) => (b.details.fields[0].hint = 'use a postcode')) },
        { what: 'wrong type (status a number; no format in this contract)', body: drift(f, (b) => (b.status = 400)) },
        {
          what: 'three drifts (message missing, details.fields[1] a string, unknown field)',
          body: drift(f, (b) => {
            delete b.message;
            b.details.fields[1] = 'items.0.quantity';
            b.trace = 'x';
          }),
        },
      ];
      break;
    }
    default:
      throw new Error(`validate: no bodies for ${type}`);
  }
  return { valid: valid.map(clone), invalid: invalid.map((x) => ({ what: x.what, body: clone(x.body) })), fixture: fixture !== undefined };
}
