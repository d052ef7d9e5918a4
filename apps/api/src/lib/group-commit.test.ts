import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A database stand-in whose calls end when the test says so. */
function controlledCalls() {
  const batches: number[][] = [];
  const singles: number[] = [];
  const pending: (() => void)[] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => pending.push(() => resolve(value)));
  return {
    batches,
    singles,
    releaseAll: () => {
      for (const release of pending.splice(0)) release();
    },
    batch: (requests: number[]) => {
      batches.push(requests);
      return later(requests.map((r) => r * 10));
    },
    single: (request: number) => {
      singles.push(request);
      return later(request * 10);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('a quiet key goes alone at the end of the turn', async () => {
    const calls = controlledCalls();
    const group = createGroupCommit({ batch: calls.batch, single: calls.single });
    const answer = group.run('event', 7);
    expect(calls.singles).toEqual([]);
    await endOfTurn();
    expect(calls.singles).toEqual([7]);
    calls.releaseAll();
    expect(await answer).toBe(70);
  });

  it('the calls of one turn leave together', async () => {
    const calls = controlledCalls();
    const group = createGroupCommit({ batch: calls.batch, single: calls.single });
    const answers = [1, 2, 3].map((n) => group.run('event', n));
    await endOfTurn();
    expect(calls.batches).toEqual([[1, 2, 3]]);
    expect(calls.singles).toEqual([]);
    calls.releaseAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('what arrives while batches are in flight leaves together, each with its own answer, in order', async () => {
    const calls = controlledCalls();
    const group = createGroupCommit({ batch: calls.batch, single: calls.single, inFlight: 1, maxBatch: 3 });
    const first = group.run('event', 1);
    await endOfTurn();
    const answers = [2, 3, 4, 5].map((n) => group.run('event', n));
    expect(calls.singles).toEqual([1]);
    calls.releaseAll();
    await tick();
    expect(calls.batches).toEqual([[2, 3, 4]]);
    calls.releaseAll();
    await tick();
    expect(calls.singles).toEqual([1, 5]);
    calls.releaseAll();
    expect(await Promise.all([first, ...answers])).toEqual([10, 20, 30, 40, 50]);
  });

  it('keys do not wait for each other', async () => {
    const calls = controlledCalls();
    const group = createGroupCommit({ batch: calls.batch, single: calls.single, inFlight: 1 });
    void group.run('a', 1);
    void group.run('b', 2);
    await endOfTurn();
    expect(calls.singles).toEqual([1, 2]);
    calls.releaseAll();
  });

  it('a batch that fails is run one request at a time, and told', async () => {
    const failures: number[] = [];
    const singles: number[] = [];
    let busy: (() => void) | undefined;
    const group = createGroupCommit<number, number>({
      batch: async () => {
        throw new Error('deadlock detected');
      },
      single: async (n) => {
        singles.push(n);
        if (n === 1) await new Promise<void>((resolve) => (busy = resolve));
        if (n === 3) throw new Error('bad request');
        return n * 10;
      },
      inFlight: 1,
      onBatchError: (_error, size) => failures.push(size),
    });
    const first = group.run('event', 1);
    await endOfTurn();
    const rest = [2, 3, 4].map((n) => group.run('event', n).catch((error: Error) => error.message));
    busy?.();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 'bad request', 40]);
    expect(failures).toEqual([3]);
    expect(singles).toEqual([1, 2, 3, 4]);
  });
});
