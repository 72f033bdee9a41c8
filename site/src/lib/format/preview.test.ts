import { describe, expect, it } from 'vitest';
import { preview } from './preview.ts';

describe('text preview', () => {
  it('keeps short text whole', () => {
    expect(preview('京剧', 100)).toBe('京剧');
    expect(preview(null, 100)).toBe('');
  });

  it('cuts at exactly max characters and marks the cut', () => {
    const text = '一'.repeat(101);
    expect(preview(text, 100)).toBe(`${'一'.repeat(100)}…`);
    expect(preview('一'.repeat(100), 100)).toBe('一'.repeat(100));
  });

  it('collapses line breaks and counts characters, not UTF-16 units', () => {
    expect(preview('  第一段\n\n第二段 ', 100)).toBe('第一段 第二段');
    expect(preview('𠀀𠀀𠀀', 2)).toBe('𠀀𠀀…');
  });
});
