import { describe, expect, it } from 'vitest';
import {
  avatarOf,
  bioText,
  categoryFrom,
  DEFAULT_AVATAR,
  followFailureText,
  isSample,
  jumpTarget,
  levelText,
  listFailureText,
  pagerSlots,
  SAMPLE_INHERITORS,
} from './rules.ts';

describe('levelText', () => {
  it('reads status 1 as national and anything else as provincial', () => {
    expect(levelText(1)).toBe('国家级');
    expect(levelText(2)).toBe('省级');
    expect(levelText(0)).toBe('省级');
  });
});

describe('avatarOf', () => {
  it('takes the first of the comma-separated images', () => {
    expect(avatarOf('https://a.example/1.png, https://a.example/2.png')).toBe('https://a.example/1.png');
  });
  it('falls back to the default avatar when there is none', () => {
    expect(avatarOf('')).toBe(DEFAULT_AVATAR);
    expect(avatarOf(' , ')).toBe(DEFAULT_AVATAR);
    expect(avatarOf(undefined)).toBe(DEFAULT_AVATAR);
  });
});

describe('bioText', () => {
  it("shows '暂无简介' for an empty or missing bio", () => {
    expect(bioText('')).toBe('暂无简介');
    expect(bioText('  \n')).toBe('暂无简介');
    expect(bioText(undefined)).toBe('暂无简介');
    expect(bioText(' 昆曲旦角。 ')).toBe('昆曲旦角。');
  });
});

describe('categoryFrom', () => {
  it('accepts the ten category ids and defaults to 66', () => {
    expect(categoryFrom('67')).toBe(67);
    expect(categoryFrom('75')).toBe(75);
    expect(categoryFrom('76')).toBe(66);
    expect(categoryFrom('abc')).toBe(66);
    expect(categoryFrom(null)).toBe(66);
  });
});

describe('jumpTarget', () => {
  it('clamps the typed page into 1…pageCount', () => {
    expect(jumpTarget('3', 10)).toBe(3);
    expect(jumpTarget('0', 10)).toBe(1);
    expect(jumpTarget('99', 10)).toBe(10);
    expect(jumpTarget(' 7 ', 10)).toBe(7);
    expect(jumpTarget('2', 0)).toBe(1);
  });
  it('ignores input that is not a number', () => {
    expect(jumpTarget('', 10)).toBeNull();
    expect(jumpTarget('页', 10)).toBeNull();
  });
});

describe('SAMPLE_INHERITORS', () => {
  it('are three national inheritors marked as samples', () => {
    expect(SAMPLE_INHERITORS).toHaveLength(3);
    for (const sample of SAMPLE_INHERITORS) {
      expect(sample.status).toBe(1);
      expect(isSample(sample.id)).toBe(true);
    }
  });
});

describe('pagerSlots', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(pagerSlots(1, 0)).toEqual([]);
    expect(pagerSlots(1, 1)).toEqual([1]);
    expect(pagerSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps the first pages together near the start', () => {
    expect(pagerSlots(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 40]);
    expect(pagerSlots(4, 40)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 40]);
  });
  it('centres a window of 5 on a page in the middle', () => {
    expect(pagerSlots(5, 40)).toEqual([1, 'gap-before', 3, 4, 5, 6, 7, 'gap-after', 40]);
    expect(pagerSlots(20, 40)).toEqual([1, 'gap-before', 18, 19, 20, 21, 22, 'gap-after', 40]);
  });
  it('keeps the last pages together near the end', () => {
    expect(pagerSlots(37, 40)).toEqual([1, 'gap-before', 35, 36, 37, 38, 39, 40]);
    expect(pagerSlots(40, 40)).toEqual([1, 'gap-before', 35, 36, 37, 38, 39, 40]);
  });
  it('clamps a page outside the range', () => {
    expect(pagerSlots(99, 40)).toEqual(pagerSlots(40, 40));
    expect(pagerSlots(0, 40)).toEqual(pagerSlots(1, 40));
  });
});

describe('listFailureText', () => {
  it("reads a body code other than 20000 as '获取传承人数据失败: …'", () => {
    expect(listFailureText({ kind: 'business', message: '类别不存在' })).toBe('获取传承人数据失败: 类别不存在');
    expect(listFailureText({ kind: 'business', message: '请求失败' })).toBe('获取传承人数据失败: 未知错误');
  });
  it("keeps the client's message for every other failure", () => {
    expect(listFailureText({ kind: 'bad-answer', message: '响应数据格式错误' })).toBe('响应数据格式错误');
    expect(listFailureText({ kind: 'http', message: '服务暂不可用' })).toBe('服务暂不可用');
    expect(listFailureText({ kind: 'network', message: '网络错误，请检查您的网络连接' })).toBe('网络错误，请检查您的网络连接');
    expect(listFailureText({ kind: 'config', message: '请求配置错误' })).toBe('请求配置错误');
  });
});

describe('followFailureText', () => {
  it("shows the server's message, or '操作失败' when it gave none", () => {
    expect(followFailureText({ kind: 'http', message: '传承人不存在' })).toBe('传承人不存在');
    expect(followFailureText({ kind: 'business', message: '请求失败' })).toBe('操作失败');
  });
  it("says '操作失败，请稍后重试' when there was no usable answer", () => {
    expect(followFailureText({ kind: 'network', message: '网络错误，请检查您的网络连接' })).toBe('操作失败，请稍后重试');
    expect(followFailureText({ kind: 'bad-answer', message: '响应数据格式错误' })).toBe('操作失败，请稍后重试');
  });
});
