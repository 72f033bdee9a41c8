import { useEffect, useId, useRef, useState } from 'react';
import { userQueries } from '../../lib/api/auth.ts';
import { messageOf } from '../../lib/api/errors.ts';
import { saveAvatar, saveBackground, uploadProfileImage } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { IMAGE_ACCEPT, imageFileProblem, uploadedImageUrl } from '../../lib/profile/upload.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { DEFAULT_AVATAR } from '../../lib/profile/avatar.ts';
import { DEFAULT_BANNER } from './parts.tsx';

const WORDS = {
  avatar: { what: '头像', saved: MESSAGES.profile.avatarSaved, save: saveAvatar },
  background: { what: '背景图', saved: MESSAGES.profile.backgroundSaved, save: saveBackground },
} as const;

/**
 * A new avatar or background: an image of at most 5 MB, checked before anything is sent, shown before it is
 * saved; the server's answer must be the picture's URL.
 */
export default function ImageSection({ kind, current }: { kind: 'avatar' | 'background'; current: string }) {
  const words = WORDS[kind];
  const ids = { input: useId(), error: useId(), hint: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function choose(chosen: File | undefined) {
    const found = imageFileProblem(chosen);
    setProblem(found);
    setFile(found ? undefined : chosen);
    setPreview(found || !chosen ? undefined : URL.createObjectURL(chosen));
    if (found && input.current) input.current.value = '';
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = imageFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    setSaving(true);
    try {
      const url = uploadedImageUrl(await uploadProfileImage(file));
      if (!url) {
        setProblem(MESSAGES.upload.badUrl);
        return;
      }
      const user = await words.save(url);
      queryClient.setQueryData(userQueries.info().queryKey, user);
      notify.success(words.saved);
      setFile(undefined);
      setPreview(undefined);
      if (input.current) input.current.value = '';
    } catch (error) {
      setProblem(messageOf(error, MESSAGES.profile.uploadFailed));
    } finally {
      setSaving(false);
    }
  }

  const shown = preview ?? current;
  return (
    <form noValidate className="max-w-xl" onSubmit={(event) => void onSubmit(event)}>
      <figure className="mb-4">
        {kind === 'avatar' ? (
          <img
            src={shown || DEFAULT_AVATAR}
            alt={preview ? '新头像预览' : '当前头像'}
            width="128"
            height="128"
            className="h-32 w-32 rounded-full border border-base-300 bg-base-200 object-cover"
          />
        ) : shown ? (
          <img
            src={shown}
            alt={preview ? '新背景预览' : '当前背景'}
            width="640"
            height="200"
            className="aspect-[16/5] w-full rounded-box border border-base-300 bg-base-200 object-cover"
          />
        ) : (
          <div
            className={`${DEFAULT_BANNER} aspect-[16/5] w-full rounded-box border border-base-300`}
            role="img"
            aria-label="当前为默认背景"
          />
        )}
        <figcaption className="mt-2 text-sm opacity-85">{preview ? `新${words.what}预览（尚未保存）` : `当前${words.what}`}</figcaption>
      </figure>
      {/* The native chooser is visually hidden (its button speaks the browser's language); the label is the button. */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={ids.input}
          type="file"
          accept={IMAGE_ACCEPT}
          className="peer sr-only"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
        <label
          htmlFor={ids.input}
          className="btn btn-outline btn-secondary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-secondary"
        >
          选择图片
        </label>
        <span className="min-w-0 truncate text-sm opacity-85" data-file-name>
          {file ? file.name : '未选择文件'}
        </span>
      </div>
      <p id={ids.hint} className="mt-2 text-xs opacity-80">
        JPG、PNG、WebP 或 GIF，不超过 5MB。
      </p>
      {problem && (
        <p id={ids.error} role="alert" className="mt-3 text-sm text-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4" disabled={saving}>
        {saving ? '正在上传…' : `上传并保存${words.what}`}
      </button>
    </form>
  );
}
