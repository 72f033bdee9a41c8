import { describe, expect, it } from 'vitest';
import { SECTIONS, sectionFrom, sectionHref } from './sections.ts';

describe('the profile section from the address', () => {
  it('defaults to favorite', () => {
    expect(sectionFrom('')).toBe('favorite');
    expect(sectionFrom('?section=')).toBe('favorite');
    expect(sectionFrom('?section=settings')).toBe('favorite');
  });

  it('takes every named section', () => {
    for (const section of SECTIONS) expect(sectionFrom(`?section=${section}`)).toBe(section);
  });

  it('lands on the orders from pay-success (tab=orders) and quick-buy (section=order)', () => {
    expect(sectionFrom('?tab=orders')).toBe('order');
    expect(sectionFrom('?section=order')).toBe('order');
    expect(sectionFrom('?tab=unknown')).toBe('favorite');
    // An explicit section wins over the tab.
    expect(sectionFrom('?tab=orders&section=history')).toBe('history');
  });

  it('writes the address of a section', () => {
    expect(sectionHref('upload-avatar')).toBe('/profile?section=upload-avatar');
    expect(sectionFrom(sectionHref('appointment').split('?')[1]!)).toBe('appointment');
  });
});
