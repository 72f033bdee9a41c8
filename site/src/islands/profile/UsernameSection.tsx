import { useId, useState } from 'react';
import { userQueries } from '../../lib/api/auth.ts';
import { messageOf } from '../../lib/api/errors.ts';
import { saveUsername } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { USERNAME_LENGTH, usernameProblem } from '../../lib/profile/forms.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';

/** A new username: trimmed, not blank, 3–20 characters; the server says whether it is taken. */
export default function UsernameSection({ current }: { current: string }) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [value, setValue] = useState(current);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = usernameProblem(value);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const user = await saveUsername(value.trim());
      queryClient.setQueryData(userQueries.info().queryKey, user);
      setValue(user.username);
      notify.success(MESSAGES.profile.usernameSaved);
    } catch (error) {
      setProblem(messageOf(error, MESSAGES.profile.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate className="max-w-md" onSubmit={(event) => void onSubmit(event)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.input} className="text-sm">
          新用户名
        </label>
        <input
          id={ids.input}
          className="input w-full"
          autoComplete="username"
          value={value}
          maxLength={USERNAME_LENGTH.max + 10}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (problem) setProblem(undefined);
          }}
        />
        <p id={ids.hint} className="text-xs opacity-80">
          {USERNAME_LENGTH.min} 到 {USERNAME_LENGTH.max} 个字符，不能与他人重复。
        </p>
      </div>
      {problem && (
        <p id={ids.error} role="alert" className="mt-3 text-sm text-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4" disabled={saving}>
        {saving ? '正在保存…' : '保存用户名'}
      </button>
    </form>
  );
}
