import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETRY, backoffMs, isIdempotent, retryAfterMs, sleep, type RetryPolicy } from './retry.js';

describe('isIdempotent', () => {
  it('accepts GET, HEAD, OPTIONS, PUT and DELETE in any case', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'get', 'Put', 'delete']) expect(isIdempotent(method)).toBe(true);
  });

  it('rejects POST, PATCH and anything else', () => {
    for (const method of ['POST', 'post', 'PATCH', 'CONNECT', 'TRACE', '', 'GETS']) expect(isIdempotent(method)).toBe(false);
  });
});

describe('retryAfterMs', () => {
  const now = Date.UTC(2024, 0, 15, 12, 0, 0);

  it('is undefined when the header is absent or blank', () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('   ', now)).toBeUndefined();
  });

  it('reads delta-seconds as milliseconds', () => {
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 7 ', now)).toBe(7000);
    expect(retryAfterMs('007', now)).toBe(7000);
  });

  it('does not depend on the clock for delta-seconds', () => {
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs('30', now)).toBe(30_000);
  });

  it('reads an IMF-fixdate HTTP date as the time until it', () => {
    expect(retryAfterMs('Mon, 15 Jan 2024 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 15 Jan 2024 13:00:00 GMT', now)).toBe(3_600_000);
  });

  it('reads the obsolete RFC 850 and asctime date forms', () => {
    const then = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(retryAfterMs('Sunday, 06-Nov-94 08:49:37 GMT', then - 2000)).toBe(2000);
    expect(retryAfterMs('Sun Nov  6 08:49:37 1994 GMT', then - 2000)).toBe(2000);
  });

  it('never returns a negative wait for a date in the past', () => {
    expect(retryAfterMs('Mon, 15 Jan 2024 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:00 GMT', now)).toBe(0);
  });

  it('is undefined for unreadable values', () => {
    for (const value of ['soon', '5s', '1e3', '0x10', 'Mon, 99 Foo 2024', '12 apples']) expect(retryAfterMs(value, now), value).toBeUndefined();
  });

  // Date.parse is lenient: V8 reads '1.5' and '-1' as dates in 2001, which are in the past, so
  // these come back as 0 ("retry now") instead of undefined ("unreadable, use the backoff").
  it('is undefined for numbers that are not delta-seconds (fractions, negatives)', () => {
    const values = ['1.5', '-1', '2.0', '+5'];
    expect(values.map((value) => [value, retryAfterMs(value, now)])).toEqual(values.map((value) => [value, undefined]));
  });
});

describe('backoffMs', () => {
  const policy: RetryPolicy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 };

  it('is 0 when the random draw is 0', () => {
    for (let attempt = 0; attempt < 8; attempt++) expect(backoffMs(policy, attempt, () => 0)).toBe(0);
  });

  it('doubles the ceiling per attempt, up to maxDelayMs', () => {
    const almostOne = () => 1 - Number.EPSILON;
    expect(backoffMs(policy, 0, almostOne)).toBe(99);
    expect(backoffMs(policy, 1, almostOne)).toBe(199);
    expect(backoffMs(policy, 2, almostOne)).toBe(399);
    expect(backoffMs(policy, 3, almostOne)).toBe(799);
    expect(backoffMs(policy, 4, almostOne)).toBe(999);
    expect(backoffMs(policy, 50, almostOne)).toBe(999);
    expect(backoffMs(policy, 2000, almostOne)).toBe(999);
  });

  it('scales the random draw over [0, ceiling) (full jitter)', () => {
    expect(backoffMs(policy, 0, () => 0.5)).toBe(50);
    expect(backoffMs(policy, 2, () => 0.25)).toBe(100);
    expect(backoffMs(policy, 10, () => 0.5)).toBe(500);
  });

  it('returns whole milliseconds within the bounds for any draw', () => {
    const draws = [0, 1e-9, 0.1, 0.333, 0.5, 0.77, 0.999999];
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
      for (const draw of draws) {
        const wait = backoffMs(policy, attempt, () => draw);
        expect(Number.isInteger(wait)).toBe(true);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('uses Math.random by default', () => {
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      expect(backoffMs(DEFAULT_RETRY, 0)).toBe(100);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('has the documented defaults', () => {
    expect(DEFAULT_RETRY).toEqual({ maxRetries: 2, baseDelayMs: 200, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 });
  });
});

describe('sleep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves true after the wait', async () => {
    let settled: boolean | undefined;
    void sleep(1000, undefined).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('resolves true after the wait when the signal never aborts, and removes its listener', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const done = sleep(500, controller.signal);
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toBe(true);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
    controller.abort();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves false at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sleep(10_000, controller.signal)).resolves.toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves false when the signal aborts during the wait, and clears its timer', async () => {
    const controller = new AbortController();
    let settled: boolean | undefined;
    void sleep(10_000, controller.signal).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves true for a zero wait', async () => {
    const done = sleep(0, undefined);
    await vi.advanceTimersByTimeAsync(0);
    await expect(done).resolves.toBe(true);
  });
});
