import { useRef, useState } from 'react';
import { register, uploadAvatar } from '../../lib/api/auth.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { DEFAULT_AVATAR } from '../../lib/profile/avatar.ts';
import { notify } from '../../lib/ui/toast.ts';
import { scriptEnables } from '../../lib/ui/script-enables.ts';
import { useHydrated } from '../../lib/ui/use-hydrated.ts';
import { useTypedBeforeHydration } from '../../lib/ui/use-typed-before-hydration.ts';
import Field, { focusFirst } from './Field.tsx';
import { type FieldErrors, LEAVE_AFTER_MS, type RegisterValues, avatarProblem, validateRegister } from './rules.ts';
import * as MESSAGES from '@feiyi/contract/messages';

/** /register: the avatar is uploaded when chosen (JPG or PNG under 2 MB); success goes to /login. */
export default function RegisterForm() {
  // Disabled in the HTML, so the browser never sends the form itself without JavaScript; the boot script enables it
  // as soon as the page's scripts run, and a press before hydration is held and given again (script-enables.ts).
  const hydrated = useHydrated();
  const [values, setValues] = useState<RegisterValues>({ username: '', password: '', confirm: '', email: '' });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [avatar, setAvatar] = useState<string | undefined>(undefined);
  const [avatarError, setAvatarError] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof RegisterValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (errors[field]) setErrors(validateRegister(next));
  };
  const check = (field: keyof RegisterValues) => () => setErrors((current) => ({ ...current, [field]: validateRegister(values)[field] }));

  async function onAvatar(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    setAvatarError(problem);
    if (problem) {
      notify.error(problem);
      return;
    }
    setUploading(true);
    try {
      setAvatar(await uploadAvatar(file));
      notify.success('头像上传成功');
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : MESSAGES.api.uploadFailed;
      setAvatarError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(
        event.currentTarget,
        Object.keys(values).filter((field) => field in found),
      );
      return;
    }
    setBusy(true);
    try {
      const answer = await register({ username: values.username.trim(), password: values.password, email: values.email.trim(), avatar });
      notify.success(answer.message || '注册成功！');
      const redirect = new URLSearchParams(window.location.search).get('redirect');
      window.setTimeout(
        () => window.location.assign(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
        LEAVE_AFTER_MS,
      );
    } catch (error) {
      notify.error(error instanceof ApiError && error.message ? error.message : '注册失败，请稍后重试');
      setBusy(false);
    }
  }

  return (
    <form ref={form} method="post" className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Field
        name="username"
        label="用户名"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        onBlur={check('username')}
        error={errors.username}
      />
      <Field
        name="password"
        label="密码"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        onBlur={check('password')}
        error={errors.password}
      />
      <Field
        name="confirm"
        label="确认密码"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        onBlur={check('confirm')}
        error={errors.confirm}
      />
      <Field
        name="email"
        label="邮箱"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        onBlur={check('email')}
        error={errors.email}
      />
      <div className="auth-field">
        <span id="avatar-label">头像（可选）</span>
        <div className="auth-avatar">
          <img src={avatar ?? DEFAULT_AVATAR} alt={avatar ? '已上传的头像' : '默认头像'} width="64" height="64" />
          <label className="btn btn-outline btn-secondary btn-sm" aria-describedby="avatar-hint">
            {uploading ? '正在上传…' : avatar ? '更换头像' : '上传头像'}
            <input
              type="file"
              accept="image/jpeg,image/png"
              className="sr-only"
              onChange={(event) => void onAvatar(event)}
              disabled={uploading}
            />
          </label>
        </div>
        <p id="avatar-hint" className="auth-hint">
          JPG 或 PNG，小于 2MB
        </p>
        {avatarError && <p className="auth-error">{avatarError}</p>}
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy || uploading || !hydrated} {...scriptEnables}>
        {busy ? '正在注册…' : '注册'}
      </button>
    </form>
  );
}
