import { describe, expect, it } from 'vitest';
import { loadContract } from '../generator/contract.js';

describe('order contract', () => {
  it('validates', () => {
    const result = loadContract('contract/orders.yaml');
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
