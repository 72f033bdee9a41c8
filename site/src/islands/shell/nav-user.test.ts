import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from '../../lib/profile/avatar.ts';
import { avatarView } from './nav-user.ts';

describe('avatarView', () => {
  it('leads a visitor without login to /login', () => {
    expect(avatarView(undefined)).toEqual({
      href: '/login',
      label: '登录',
      title: '登录',
      image: DEFAULT_AVATAR,
      name: '登录',
      loggedIn: false,
    });
  });

  it('names the logged-in user first in the accessible name and shows their avatar', () => {
    const user = { id: 3, username: '李白', avatar: '/uploads/a.png', backgroundImage: '', email: '' };
    expect(avatarView({ token: 't', user })).toEqual({
      href: '/profile',
      label: '李白 的个人中心',
      title: '李白',
      image: '/uploads/a.png',
      name: '李白',
      loggedIn: true,
    });
    expect(avatarView({ token: 't', user: { ...user, avatar: '' } }).image).toBe(DEFAULT_AVATAR);
  });
});
