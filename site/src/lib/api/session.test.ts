import { describe, expect, it } from 'vitest';
import { parseSession } from './session.ts';

describe('stored login', () => {
  it('needs both a token and a readable user', () => {
    const user = JSON.stringify({ id: 3, username: '张三', avatar: '', backgroundImage: '' });
    expect(parseSession('t', user)).toEqual({ token: 't', user: { id: 3, username: '张三', avatar: '', backgroundImage: '', email: '' } });
    expect(parseSession(null, user)).toBeUndefined();
    expect(parseSession('t', null)).toBeUndefined();
    expect(parseSession('t', '{broken')).toBeUndefined();
    expect(parseSession('t', JSON.stringify({ username: '张三' }))).toBeUndefined();
  });
});
