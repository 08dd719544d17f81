// What the line under an admin table says: how much of the list is shown, or how many match.
import { describe, expect, it } from 'vitest';
import { shownLine } from './TableWindow.tsx';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the line under a table', () => {
  it('says how much of a long list is shown', () => {
    expect(shownLine({ rows: rows(50), more: true, total: 6717, q: '' }, 'comments')).toBe('Showing 50 of 6,717 comments');
  });

  it('says nothing when the whole list is shown', () => {
    expect(shownLine({ rows: rows(12), more: false, total: 12, q: '' }, 'comments')).toBeNull();
    expect(shownLine({ rows: [], more: false, total: 0, q: '' }, 'comments')).toBeNull();
  });

  it('counts every row the device holds against the server\'s total while it holds part of the list', () => {
    expect(shownLine({ rows: rows(2), more: false, total: 502, q: '' }, 'articles')).toBe('Showing 2 of 502 articles');
  });

  it('counts the matches of a filter, or says the first ones are shown when more follow', () => {
    expect(shownLine({ rows: rows(1), more: false, q: 'ann' }, 'users')).toBe('1 match');
    expect(shownLine({ rows: rows(3), more: false, q: 'ann' }, 'users')).toBe('3 matches');
    expect(shownLine({ rows: rows(50), more: true, q: 'a' }, 'articles')).toBe('Showing the first 50 matches');
    expect(shownLine({ rows: rows(50), more: true, total: 70, q: 'a' }, 'users')).toBe('Showing 50 of 70 users');
  });
});
