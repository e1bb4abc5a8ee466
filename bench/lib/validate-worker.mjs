/**
 * Validator throughput (issue 35), run in a fresh process by bench/run.mjs:
 *   node validate-worker.mjs <json config>
 * config: { cases: [{ package, type, validators, zod, fixtures, ajv: { first, all } }], handZod, rounds, sampleMs }
 *   validators  the generated package's dist/validators.js (exports <Type>Schema)
 *   zod         the package's dist/zod.js (generated zod 4 schemas, <Type>Schema), or null: then the
 *               hand-written schema of bench/lib/validate-zod.mjs (`handZod`) is used
 *   ajv         ajv standalone modules (bench/lib/validate-ajv.mjs), allErrors false / true
 *
 * For each type: the bodies of bench/lib/validate-bodies.mjs, every validator's verdict on every
 * body checked first (a type whose validators disagree on any body is reported and not timed).
 * Then three modes on the same bodies:
 *   valid  valid bodies: contractgen `is` vs ajv (default) vs zod `safeParse`
 *   first  invalid bodies, a yes/no answer (first issue): contractgen `is` vs ajv (default) vs zod
 *          `safeParse`; contractgen `['~standard'].validate` beside them
 *   all    invalid bodies, every issue: contractgen `issues` vs ajv (allErrors) vs zod `safeParse`
 *          (zod collects every issue by default); each result's issue count is read
 * Every implementation of every type and mode runs in its own loop (a function compiled apart, so
 * its call site sees one validator), iterations calibrated in a warm-up so a sample takes at least
 * `sampleMs`; then `rounds` rounds, each running every loop once, implementations in a rotating
 * order. Every result is added to a sink that is printed, so no call is dead code.
 * Prints one JSON line.
 */
import { readFileSync, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bodiesOf } from './validate-bodies.mjs';

const config = JSON.parse(process.argv[2]);
const hrms = () => Number(process.hrtime.bigint()) / 1e6;
const importFile = (file) => import(pathToFileURL(file).href);
const hand = await importFile(config.handZod);

/** A loop of its own: `iterations` calls of `fn` over `bodies` in turn; the sum of what it returned. */
const makeLoop = () =>
  new Function(
    'fn',
    'bodies',
    'iterations',
    `let sink = 0;
     const k = bodies.length;
     for (let i = 0, j = 0; i < iterations; i++) {
       sink += fn(bodies[j]);
       if (++j === k) j = 0;
     }
     return sink;`,
  );

let sink = 0;
const out = [];
const timed = [];
for (const c of config.cases) {
  const validators = await importFile(c.validators);
  const cg = validators[`${c.type}Schema`];
  if (cg === undefined || typeof cg.is !== 'function') throw new Error(`${c.validators} exports no ${c.type}Schema`);
  let zod;
  let zodSource;
  const generatedZod = c.zod !== null && existsSync(c.zod) ? (await importFile(c.zod))[`${c.type}Schema`] : undefined;
  if (generatedZod !== undefined) {
    zod = generatedZod;
    zodSource = 'generated';
  } else {
    zod = hand[c.type]();
    zodSource = 'hand-written';
  }
  const ajvFirst = (await importFile(c.ajv.first)).validate;
  const ajvAll = (await importFile(c.ajv.all)).validate;
  const fixtures = c.fixtures !== null && existsSync(c.fixtures) ? JSON.parse(readFileSync(c.fixtures, 'utf8')) : undefined;
  const bodies = bodiesOf(c.type, fixtures);

  // Verdicts first: every validator on every body, as yes / no.
  const verdicts = (body) => ({
    'contractgen is': cg.is(body),
    'contractgen issues': cg.issues(body).length === 0,
    'contractgen ~standard': cg['~standard'].validate(body).issues === undefined,
    ajv: ajvFirst(body) === true,
    'ajv allErrors': ajvAll(body) === true,
    zod: zod.safeParse(body).success,
  });
  const disagreements = [];
  const invalid = [];
  bodies.valid.forEach((body, i) => {
    const v = verdicts(body);
    const no = Object.entries(v).filter(([, ok]) => !ok);
    if (no.length > 0) disagreements.push({ body: `valid ${i}`, json: JSON.stringify(body), verdicts: v, error: `refused by ${no.map(([name]) => name).join(', ')}` });
  });
  for (const { what, body } of bodies.invalid) {
    const v = verdicts(body);
    const yes = Object.entries(v).filter(([, ok]) => ok);
    if (yes.length > 0) disagreements.push({ body: what, json: JSON.stringify(body), verdicts: v, error: `accepted by ${yes.map(([name]) => name).join(', ')}` });
    // What each reports of it: issue counts and the first issue's place.
    const ours = cg.issues(body);
    ajvAll(body);
    const theirs = ajvAll.errors ?? [];
    ajvFirst(body);
    const zr = zod.safeParse(body);
    const zIssues = zr.success ? [] : zr.error.issues;
    invalid.push({
      what,
      contractgen: { issues: ours.length, first: ours[0] === undefined ? null : `/${ours[0].path.join('/')}: ${ours[0].message}` },
      ajvFirst: ajvFirst.errors?.[0] === undefined ? null : `${ajvFirst.errors[0].instancePath || '/'}: ${ajvFirst.errors[0].message}`,
      ajvAll: { issues: theirs.length },
      zod: { issues: zIssues.length, first: zIssues[0] === undefined ? null : `/${zIssues[0].path.join('/')}: ${zIssues[0].message}` },
    });
  }
  const entry = { package: c.package, type: c.type, zodSource, bodies: { valid: bodies.valid.length, fromFixtures: bodies.fixture, invalid: bodies.invalid.length, bytes: { valid: JSON.stringify(bodies.valid).length, invalid: JSON.stringify(bodies.invalid.map((x) => x.body)).length } }, invalid, disagreements, modes: {} };
  out.push(entry);
  if (disagreements.length > 0) continue;

  const valid = bodies.valid;
  const bad = bodies.invalid.map((x) => x.body);
  const modes = {
    valid: {
      bodies: valid,
      impls: {
        contractgen: (v) => (cg.is(v) ? 1 : 0),
        ajv: (v) => (ajvFirst(v) ? 1 : 0),
        zod: (v) => (zod.safeParse(v).success ? 1 : 0),
        'contractgen ~standard': (v) => (cg['~standard'].validate(v).issues === undefined ? 1 : 0),
      },
    },
    first: {
      bodies: bad,
      impls: {
        contractgen: (v) => (cg.is(v) ? 0 : 1),
        ajv: (v) => (ajvFirst(v) ? 0 : 1),
        zod: (v) => (zod.safeParse(v).success ? 0 : 1),
        'contractgen ~standard': (v) => (cg['~standard'].validate(v).issues?.length ?? 0),
      },
    },
    all: {
      bodies: bad,
      impls: {
        contractgen: (v) => cg.issues(v).length,
        ajv: (v) => (ajvAll(v) ? 0 : ajvAll.errors.length),
        zod: (v) => {
          const r = zod.safeParse(v);
          return r.success ? 0 : r.error.issues.length;
        },
      },
    },
  };
  for (const [mode, m] of Object.entries(modes)) {
    const names = Object.keys(m.impls);
    entry.modes[mode] = { names, iterations: {}, rates: Object.fromEntries(names.map((n) => [n, []])), ms: Object.fromEntries(names.map((n) => [n, []])) };
    for (const name of names) timed.push({ entry, mode, name, fn: m.impls[name], bodies: m.bodies, loop: makeLoop(), iterations: 0 });
  }
}

// Warm-up and calibration: each loop doubled until a run takes 20 ms and set to take 1.25 × sampleMs;
// then run at that size and set again until a run takes sampleMs (the first runs are slower than
// optimised code: sized on them alone, a sample took a tenth of sampleMs).
for (const t of timed) {
  let n = 256;
  for (;;) {
    const t0 = hrms();
    sink += t.loop(t.fn, t.bodies, n);
    const ms = hrms() - t0;
    if (ms >= 20) {
      t.iterations = Math.ceil((n * config.sampleMs * 1.25) / ms);
      break;
    }
    n *= 2;
  }
}
for (const t of timed) {
  for (let tries = 0; tries < 8; tries++) {
    const t0 = hrms();
    sink += t.loop(t.fn, t.bodies, t.iterations);
    const ms = hrms() - t0;
    if (ms >= config.sampleMs) break;
    t.iterations = Math.ceil((t.iterations * config.sampleMs * 1.25) / ms);
  }
}
// One unrecorded run of every loop at its size (the last compilations), then the rounds.
for (let round = -1; round < config.rounds; round++) {
  // Grouped by type and mode, so the implementations compared in a round run seconds apart.
  const groups = new Map();
  for (const t of timed) {
    const key = `${t.entry.package}/${t.entry.type}/${t.mode}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(t);
  }
  for (const group of groups.values()) {
    const shift = Math.max(round, 0) % group.length;
    for (const t of [...group.slice(shift), ...group.slice(0, shift)]) {
      let ms = 0;
      // A sample shorter than sampleMs (the code or the machine got faster since calibration) is
      // run again, larger, and only the run that takes sampleMs is kept.
      for (let tries = 0; tries < 5; tries++) {
        const t0 = hrms();
        sink += t.loop(t.fn, t.bodies, t.iterations);
        ms = hrms() - t0;
        if (ms >= config.sampleMs) break;
        t.iterations = Math.ceil((t.iterations * config.sampleMs * 1.25) / ms);
      }
      if (round < 0) continue;
      const m = t.entry.modes[t.mode];
      m.iterations[t.name] = t.iterations;
      m.rates[t.name].push((t.iterations / ms) * 1000);
      m.ms[t.name].push(ms);
    }
  }
  if (round >= 0) process.stderr.write(`validate: round ${round + 1}/${config.rounds} done\n`);
}
console.log(JSON.stringify({ rounds: config.rounds, sampleMs: config.sampleMs, sink, cases: out }));
