import { describe, expect, it } from 'vitest';
import { paragraphsOf } from './paragraphs.ts';

describe('article paragraphs', () => {
  it('splits on line breaks and drops blank lines and surrounding spaces', () => {
    expect(paragraphsOf('京剧是在北京形成的戏曲剧种。\n\n  表演讲究唱念做打。 \r\n\r\n剧目丰富。')).toEqual([
      '京剧是在北京形成的戏曲剧种。',
      '表演讲究唱念做打。',
      '剧目丰富。',
    ]);
    expect(paragraphsOf('')).toEqual([]);
  });
});
