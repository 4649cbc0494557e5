import { describe, expect, it } from 'vitest';
import { coalescedReader } from './sessions.ts';

/** A read whose answer the test hands over when it likes. */
function controlledReads() {
  const pending: ((value: number) => void)[] = [];
  let value = 0;
  return {
    /** Sees what was committed when it began, like a statement's snapshot. */
    read: () => {
      const seen = value;
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    },
    /** The database changes (a commit). */
    commit: () => {
      value++;
    },
    /** The oldest running read answers. */
    answer: async () => {
      pending.shift()?.(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    running: () => pending.length,
  };
}

describe('coalescedReader (decision 038)', () => {
  it('shares a read among callers that arrived before it began, never one that began earlier', async () => {
    const db = controlledReads();
    const reader = coalescedReader(db.read);
    const first = reader.read();
    db.commit(); // committed after the first read began: the callers below must see it
    const second = reader.read();
    const third = reader.read();
    expect(db.running()).toBe(1);
    await db.answer();
    expect(await first).toBe(0);
    // The second and third waited for a read that began after they asked, and share it.
    expect(db.running()).toBe(1);
    await db.answer();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(reader.reads()).toBe(2);
  });

  it('starts at once when no read is running, and goes on after a failed read', async () => {
    let calls = 0;
    const reader = coalescedReader(async () => {
      calls++;
      if (calls === 1) throw new Error('database gone');
      return 7;
    });
    const failed = reader.read();
    const waiting = reader.read();
    await expect(failed).rejects.toThrow('database gone');
    expect(await waiting).toBe(7);
    expect(await reader.read()).toBe(7);
    expect(reader.reads()).toBe(3);
  });
});
