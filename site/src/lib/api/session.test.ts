import { describe, expect, it } from 'vitest';
import { parseSession, readStoredUser } from './session.ts';

describe('stored login', () => {
  it('needs both a token and a readable user', () => {
    const user = JSON.stringify({ id: 3, username: '张三', avatar: '', backgroundImage: '' });
    expect(parseSession('t', user)).toEqual({ token: 't', user: { id: 3, username: '张三', avatar: '', backgroundImage: '', email: '' } });
    expect(parseSession(null, user)).toBeUndefined();
    expect(parseSession('t', null)).toBeUndefined();
    expect(parseSession('t', '{broken')).toBeUndefined();
    expect(parseSession('t', JSON.stringify({ username: '张三' }))).toBeUndefined();
  });

  it('reads a stored user by hand: id and username required, text fields default to empty, nothing else kept', () => {
    expect(readStoredUser({ id: 7, username: 'li', avatar: '/a.png', extra: 1 })).toEqual({
      id: 7,
      username: 'li',
      avatar: '/a.png',
      backgroundImage: '',
      email: '',
    });
    for (const bad of [
      null,
      'x',
      { id: 0, username: 'a' },
      { id: 1.5, username: 'a' },
      { id: '1', username: 'a' },
      { id: 1, username: '' },
      { id: 1, username: 'a', avatar: 3 },
    ]) {
      expect(readStoredUser(bad)).toBeUndefined();
    }
  });
});
