import { describe, expect, it } from 'vitest';
import { lazySandbox, type Sandbox } from '../../src/modules/sandbox/sandbox.js';

describe('lazySandbox', () => {
  it('opens once, answers a failed open’s error until the retry window ends, then tries again', async () => {
    let nowMs = 1000;
    const opened: string[] = [];
    const closed: string[] = [];
    let fail = true;
    const sandboxes = lazySandbox(
      async () => {
        opened.push(`open at ${nowMs}`);
        if (fail) throw new Error('database down');
        return { deps: {} as Sandbox['deps'], close: async () => void closed.push(`closed at ${nowMs}`) };
      },
      30_000,
      () => nowMs,
    );

    await expect(sandboxes.get()).rejects.toThrow('database down');
    nowMs = 30_999; // 29,999 ms after the failure: the same error, no new open
    await expect(sandboxes.get()).rejects.toThrow('database down');
    fail = false;
    nowMs = 31_000;
    const first = await sandboxes.get();
    nowMs = 1_000_000;
    expect(await sandboxes.get()).toBe(first);
    await sandboxes.close();
    expect({ opened, closed }).toEqual({ opened: ['open at 1000', 'open at 31000'], closed: ['closed at 1000000'] });
  });

  it('closes nothing when it was never opened', async () => {
    const opened: number[] = [];
    const sandboxes = lazySandbox(async () => {
      opened.push(1);
      throw new Error('never called');
    });
    await sandboxes.close();
    expect(opened).toEqual([]);
  });
});
