import { describe, expect, it } from 'vitest';
import { ariaSort, DEFAULT_SORT, nextSort } from './participants-sort';

describe('Billets column sort', () => {
  it('starts by name, reverses on a second click, and starts another column ascending', () => {
    expect(DEFAULT_SORT).toEqual({ sort: 'name', dir: 'asc' });
    const reversed = nextSort(DEFAULT_SORT, 'name');
    expect(reversed).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort(reversed, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort(reversed, 'price')).toEqual({ sort: 'price', dir: 'asc' });
  });

  it('tells assistive technology which column sorts and how', () => {
    expect(ariaSort({ sort: 'date', dir: 'desc' }, 'date')).toBe('descending');
    expect(ariaSort({ sort: 'date', dir: 'desc' }, 'name')).toBe('none');
  });
});
