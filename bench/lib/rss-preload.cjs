// Fallback peak-memory probe (used when /usr/bin/time is missing): `node -r rss-preload.cjs …`
// writes the process's max RSS in KiB to $BENCH_RSS_FILE at exit.
'use strict';
const file = process.env.BENCH_RSS_FILE;
if (file) {
  delete process.env.BENCH_RSS_FILE;
  process.on('exit', () => {
    try {
      require('node:fs').writeFileSync(file, `${process.resourceUsage().maxRSS}\n`);
    } catch {
      /* best effort */
    }
  });
}
