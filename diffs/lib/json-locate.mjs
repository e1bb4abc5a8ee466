// Where a line:col of a JSON description falls: the path of keys to the innermost member (or list
// item) whose text holds it. Every tool here reports positions (contractgen and Optic as line:col,
// openapi-diff as a dotted path); turning each into a path of the one document is what lets their
// findings be put side by side and their snippets cut out.

/** The offsets at which each line of `text` starts. */
export function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** A 1-based line:col (UTF-16 columns, as yaml's LineCounter and JS strings count) as an offset. */
export function offsetOf(starts, line, col) {
  const start = starts[line - 1];
  return start === undefined ? -1 : start + col - 1;
}

/**
 * The path of every offset in `offsets` (a Map offset → path, an offset outside every member maps
 * to []). One pass over the text: a member's span is known when it is finished, and the innermost
 * span that holds an offset is the first to finish, so each offset is settled once, by it.
 */
export function pathsAt(text, offsets) {
  const pending = [...new Set(offsets)].filter((o) => o >= 0).sort((a, b) => a - b);
  const found = new Map();
  const path = [];
  let i = 0;

  const settle = (from, to) => {
    let lo = lowerBound(pending, from);
    while (lo < pending.length && pending[lo] < to) {
      found.set(pending[lo], [...path]);
      pending.splice(lo, 1);
    }
  };
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return text.slice(start, i);
  };
  const value = () => {
    space();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return list();
    if (c === '"') return void string();
    while (i < text.length && !',}]'.includes(text[i]) && !/\s/.test(text[i])) i++;
  };
  const object = () => {
    i++;
    for (space(); text[i] !== '}' && i < text.length; space()) {
      const keyStart = i;
      const key = JSON.parse(string());
      space();
      i++; // ':'
      path.push(key);
      value();
      settle(keyStart, i);
      path.pop();
      space();
      if (text[i] === ',') i++;
    }
    i++;
  };
  const list = () => {
    i++;
    for (let n = 0, at = (space(), i); text[i] !== ']' && i < text.length; n++, space(), at = i) {
      path.push(n);
      value();
      settle(at, i);
      path.pop();
      space();
      if (text[i] === ',') i++;
    }
    i++;
  };

  value();
  for (const o of pending) found.set(o, []);
  return found;
}

function lowerBound(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The value at `path` in `doc` (undefined where the path leaves it). */
export function at(doc, path) {
  let node = doc;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}

/** A JSON Pointer (RFC 6901) for a path. */
export function pointer(path) {
  return path.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A `#/components/schemas/x` reference as a path ([] for one that does not start at the root). */
export function refPath(ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((k) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~'));
}
