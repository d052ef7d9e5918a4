import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares a pending computation and forgets it once settled', async () => {
    let calls = 0;
    let release: (value: string) => void = () => {};
    const shared = singleFlight((key) => {
      calls++;
      return new Promise<string>((resolve) => {
        release = (value) => resolve(`${key}:${value}`);
      });
    });
    const first = shared('all');
    const second = shared('all');
    release('1');
    expect(await Promise.all([first, second])).toEqual(['all:1', 'all:1']);
    expect(calls).toBe(1);

    const third = shared('all');
    release('2');
    expect(await third).toBe('all:2');
    expect(calls).toBe(2);
  });

  it('keeps keys apart and forgets failures', async () => {
    let calls = 0;
    const shared = singleFlight(async (key) => {
      calls++;
      if (key === 'bad') throw new Error('boom');
      return key;
    });
    await expect(shared('bad')).rejects.toThrow('boom');
    expect(await Promise.all([shared('paid'), shared('free')])).toEqual(['paid', 'free']);
    await expect(shared('bad')).rejects.toThrow('boom');
    expect(calls).toBe(4);
  });
});
