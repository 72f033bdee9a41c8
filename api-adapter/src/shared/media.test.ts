import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './media.ts';

const origin = 'http://127.0.0.1:8080';

describe('absoluteUrl', () => {
  it('keeps absolute URLs and prefixes relative ones', () => {
    expect(absoluteUrl(origin, 'https://x/y.png')).toBe('https://x/y.png');
    expect(absoluteUrl(origin, 'uploads/y.png')).toBe(`${origin}/uploads/y.png`);
    expect(absoluteUrl(origin, null)).toBe('');
  });
});
