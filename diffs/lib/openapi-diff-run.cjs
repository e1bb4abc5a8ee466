// Atlassian's openapi-diff on two description files, through its own API (the engine its CLI runs),
// printing only what is compared here: each breaking difference's code and locations (the CLI
// prints every entity's whole value, hundreds of megabytes on a large description).
//   node lib/openapi-diff-run.cjs <old.json> <new.json>
const { readFileSync } = require('node:fs');
const openapiDiff = require('openapi-diff');

const spec = (path) => {
  const content = readFileSync(path, 'utf8');
  return { content, location: path, format: /"swagger"\s*:/.test(content.slice(0, 200)) ? 'swagger2' : 'openapi3' };
};
const locations = (details) => details.map((d) => d.location);

openapiDiff
  .diffSpecs({ sourceSpec: spec(process.argv[2]), destinationSpec: spec(process.argv[3]) })
  .then((outcome) => {
    const breaking = (outcome.breakingDifferences ?? []).map((d) => ({ code: d.code, old: locations(d.sourceSpecEntityDetails), new: locations(d.destinationSpecEntityDetails) }));
    process.stdout.write(`${JSON.stringify({ breaking, nonBreaking: outcome.nonBreakingDifferences.length, unclassified: outcome.unclassifiedDifferences.length })}\n`);
  })
  .catch((error) => {
    process.stderr.write(`${String(error?.message ?? error).split('\n')[0]}\n`);
    process.exitCode = 1;
  });
