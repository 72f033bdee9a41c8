import { describe, expect, it } from 'vitest';
import { needsShowMore, previewText } from './preview.ts';

describe('previewText', () => {
  it('keeps a text of 50 characters or fewer whole', () => {
    expect(previewText('昆曲')).toBe('昆曲');
    expect(previewText('字'.repeat(50))).toBe('字'.repeat(50));
  });
  it('cuts a longer text after 50 characters with an ellipsis', () => {
    expect(previewText('一二三四五'.repeat(11))).toBe(`${'一二三四五'.repeat(10)}…`);
  });
  it('takes the search limit of 100', () => {
    expect(previewText('字'.repeat(120), 100)).toBe(`${'字'.repeat(100)}…`);
  });
  it('counts a character outside the BMP once and never splits it', () => {
    const text = `${'𠀀'.repeat(51)}`;
    expect(previewText(text)).toBe(`${'𠀀'.repeat(50)}…`);
  });
  it('folds line breaks and runs of spaces and treats absent text as empty', () => {
    expect(previewText('第一段\n\n第二段  ')).toBe('第一段 第二段');
    expect(previewText(null)).toBe('');
  });
});

describe('needsShowMore', () => {
  it('is true only over 100 characters', () => {
    expect(needsShowMore('字'.repeat(100))).toBe(false);
    expect(needsShowMore('字'.repeat(101))).toBe(true);
    expect(needsShowMore(undefined)).toBe(false);
  });
});
