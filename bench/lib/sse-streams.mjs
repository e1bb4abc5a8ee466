/**
 * The server-sent event streams of the `sse` measure, deterministic (a seeded PRNG), as bytes, and
 * the ways they are cut into chunks. Shared by the throughput worker and the 1 GiB server.
 *
 * Kinds (issue 34's list):
 *   llm     Anthropic-style: `event: content_block_delta` + one `data:` JSON line per token, the
 *           message_start / content_block_start / ping / stop events around them; tokens include
 *           Latin-1, BMP and astral characters, so chunks split inside UTF-8 sequences
 *   openai  OpenAI-style: `data: {...}` only (no event field), a final `data: [DONE]`
 *   crlf    the llm stream with CRLF line ends
 *   large   64 KiB of data per event over 16 `data:` lines of 4 KiB, with an `id:` each
 */

/** The seeded generator the synthetic contracts use (mulberry32): the same streams on every machine. */
import { rng as prng } from '../synth.mjs';

export { prng };

const TOKENS = [
  'Hello', ' world', ',', ' the', ' of', ' and', ' to', ' a', ' in', ' is', ' that', ' for', ' it', ' as', ' with', ' was', ' on', '.', '\\n', '\\n\\n',
  ' café', ' naïve', ' ✓', ' →', ' 中文', ' 日本語', ' 🙂', ' 𝄞', ' \\"quoted\\"', ' stream', 'ing', ' token', ' model', ' response', ' 42', ' function', '()', ' {', ' }', ';',
];

export const KINDS = ['llm', 'openai', 'crlf', 'large'];

export const KIND_LABELS = {
  llm: 'LLM tokens (event: content_block_delta + data:, LF)',
  openai: 'OpenAI-style (data: only, [DONE])',
  crlf: 'LLM tokens, CRLF line ends',
  large: 'large events (64 KiB data over 16 data: lines, id:)',
};

/** About `bytes` bytes of the `kind` stream, whole events only, as text. */
export function streamText(kind, bytes, seed = 34) {
  const random = prng(seed);
  const token = () => TOKENS[Math.floor(random() * TOKENS.length)];
  const parts = [];
  let size = 0;
  const push = (s) => {
    parts.push(s);
    size += s.length; // UTF-16 units: close enough to bytes for sizing, the byte count is taken after
  };
  if (kind === 'llm' || kind === 'crlf') {
    let message = 0;
    while (size < bytes) {
      const id = `msg_${(message++).toString(36).padStart(8, '0')}`;
      push(`event: message_start\ndata: {"type":"message_start","message":{"id":"${id}","type":"message","role":"assistant","content":[],"model":"claude-x","stop_reason":null,"usage":{"input_tokens":25,"output_tokens":1}}}\n\n`);
      push('event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n');
      push('event: ping\ndata: {"type": "ping"}\n\n');
      const n = 200 + Math.floor(random() * 800);
      for (let i = 0; i < n; i++) push(`event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"${token()}"}}\n\n`);
      push('event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n');
      push(`event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":${n}}}\n\n`);
      push('event: message_stop\ndata: {"type":"message_stop"}\n\n');
    }
    const text = parts.join('');
    return kind === 'crlf' ? text.replaceAll('\n', '\r\n') : text;
  }
  if (kind === 'openai') {
    let i = 0;
    while (size < bytes) {
      const created = 1_700_000_000 + (i >> 6);
      push(`data: {"id":"chatcmpl-${(i >> 8).toString(36)}","object":"chat.completion.chunk","created":${created},"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_50cad350e4","choices":[{"index":0,"delta":{"content":"${token()}"},"logprobs":null,"finish_reason":null}]}\n\n`);
      i++;
    }
    push('data: [DONE]\n\n');
    return parts.join('');
  }
  if (kind === 'large') {
    let i = 0;
    while (size < bytes) {
      push(`event: document\nid: ${i++}\n`);
      for (let line = 0; line < 16; line++) {
        let value = '';
        while (value.length < 4096) value += token();
        push(`data: ${value.slice(0, 4096)}\n`);
      }
      push('\n');
    }
    return parts.join('');
  }
  throw new Error(`unknown stream kind '${kind}'`);
}

export const CHUNKINGS = ['1k', 'random'];

export const CHUNKING_LABELS = { '1k': '1 KiB chunks', random: 'random chunks of 1–4,096 B' };

/** The bytes cut into chunks: every 1,024 bytes, or at random sizes 1..4096 (anywhere, inside UTF-8 sequences too). */
export function cut(bytes, chunking, seed = 7) {
  const chunks = [];
  const random = prng(seed);
  for (let at = 0; at < bytes.length; ) {
    const size = chunking === '1k' ? 1024 : 1 + Math.floor(random() * 4096);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** The chunks decoded as stream.ts decodes them (one streaming TextDecoder), the same strings fed to every parser. */
export function decodeChunks(chunks) {
  const decoder = new TextDecoder();
  const out = chunks.map((c) => decoder.decode(c, { stream: true }));
  const last = decoder.decode();
  if (last !== '') out.push(last);
  return out.filter((s) => s !== '');
}
