import { describe, expect, it } from 'vitest';
import { avatarProblem, validateLogin, validateRegister } from './rules.ts';

describe('login rules', () => {
  it('needs a username of 3 to 20 characters and a password of at least 6', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: '请输入用户名', password: '请输入密码' });
    expect(validateLogin({ username: 'ab', password: '12345' })).toEqual({
      username: '长度在 3 到 20 个字符',
      password: '密码长度不能少于6位',
    });
    expect(validateLogin({ username: 'a'.repeat(21), password: '123456' })).toEqual({ username: '长度在 3 到 20 个字符' });
    expect(validateLogin({ username: '张三丰', password: '123456' })).toEqual({});
  });
});

describe('registration rules', () => {
  const ok = { username: 'zhangsan', password: '123456', confirm: '123456', email: 'zs@example.com' };
  it('accepts a complete form', () => expect(validateRegister(ok)).toEqual({}));
  it('checks the confirmation and the email', () => {
    expect(validateRegister({ ...ok, confirm: '' })).toEqual({ confirm: '请确认密码' });
    expect(validateRegister({ ...ok, confirm: '1234567' })).toEqual({ confirm: '两次输入的密码不一致' });
    expect(validateRegister({ ...ok, email: '' })).toEqual({ email: '请输入邮箱' });
    expect(validateRegister({ ...ok, email: 'not-an-email' })).toEqual({ email: '请输入正确的邮箱地址' });
  });
});

describe('avatar rule', () => {
  it('takes JPG or PNG under 2 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 - 1 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', size: 1000 })).toBe('头像只能是 JPG 或 PNG 格式!');
    // At most 2 MB, as the API accepts it: exactly 2 MiB may be sent, one byte more may not.
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('头像大小不能超过 2MB!');
  });
});
