import { useRef, useState } from 'react';
import { login } from '../../lib/api/auth.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { syncLocalHistory } from '../../lib/api/history.ts';
import { afterLoginTarget } from '../../lib/api/rules.ts';
import { notify } from '../../lib/ui/toast.ts';
import { scriptEnables } from '../../lib/ui/script-enables.ts';
import { useHydrated } from '../../lib/ui/use-hydrated.ts';
import { useTypedBeforeHydration } from '../../lib/ui/use-typed-before-hydration.ts';
import Field, { focusFirst } from './Field.tsx';
import { type FieldErrors, LEAVE_AFTER_MS, type LoginValues, validateLogin } from './rules.ts';

/** /login: success shows '登录成功', syncs the local browse history in one batch, and goes home or to the guard's target. */
export default function LoginForm() {
  // Disabled in the HTML, so the browser never sends the form itself without JavaScript; the boot script enables it
  // as soon as the page's scripts run, and a press before hydration is held and given again (script-enables.ts).
  const hydrated = useHydrated();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (errors[field]) setErrors(validateLogin(next));
  };
  const check = (field: keyof LoginValues) => () => setErrors((current) => ({ ...current, [field]: validateLogin(values)[field] }));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(values);
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
      const answer = await login(values.username.trim(), values.password);
      notify.success(answer.message && answer.message !== 'success' ? answer.message : '登录成功');
      await syncLocalHistory();
      const target = afterLoginTarget(new URLSearchParams(window.location.search).get('redirect'));
      window.setTimeout(() => window.location.assign(target), LEAVE_AFTER_MS);
    } catch (error) {
      const message = error instanceof ApiError && error.kind !== 'network' ? error.message || '登录失败' : '登录失败，请检查网络连接';
      notify.error(message);
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
        autoComplete="current-password"
        value={values.password}
        onChange={set('password')}
        onBlur={check('password')}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy || !hydrated} {...scriptEnables}>
        {busy ? '正在登录…' : '登录'}
      </button>
    </form>
  );
}
