import type { Inheritor } from '@feiyi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api/errors.ts';
import { recordBrowse } from '../../lib/api/history.ts';
import { loginHref } from '../../lib/api/rules.ts';
import { followInheritor, inheritorQueries, unfollowInheritor } from '../../lib/api/inheritor.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import Dialog from '../../lib/ui/Dialog.tsx';
import { notify } from '../../lib/ui/toast.ts';
import { Portrait } from './InheritorCard.tsx';
import { bioText, followFailureText, isSample, levelText } from '../../lib/inheritor/rules.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

/** What the dialog shows: a record of the list, or one of the sample inheritors (no server record). */
export type ShownInheritor = Pick<Inheritor, 'id' | 'inheritorName' | 'skillType' | 'status' | 'profileImages' | 'categoryName'> &
  Partial<Pick<Inheritor, 'introduction' | 'skillDescription' | 'provinceName' | 'batch' | 'item' | 'serial' | 'href'>>;

interface Props {
  inheritor: ShownInheritor;
  onClose: () => void;
}

const TITLE_ID = 'inheritor-dialog-title';
/** The public view has no bio at all (not an empty one): say where it is rather than '暂无简介'. */
const GUEST_BIO = '登录后可查看简介与技艺特色。';

/**
 * The inheritor's detail: picture, name, skill type, level from status, bio or '暂无简介', the skill
 * features when there are any, and the follow toggle. Opening it leaves an inheritor browse record (the server's
 * when logged in, this browser's otherwise).
 */
export default function InheritorDialog({ inheritor, onClose }: Props) {
  const sample = isSample(inheritor.id);
  useEffect(() => {
    if (!sample) void recordBrowse('inheritor', inheritor.id);
  }, [inheritor.id, sample]);

  const features = inheritor.skillDescription?.trim();
  const facts = [
    inheritor.categoryName && { term: '类别', value: inheritor.categoryName },
    inheritor.provinceName && { term: '地区', value: inheritor.provinceName },
    inheritor.batch && { term: '批次', value: inheritor.batch },
    // The skill type of a national inheritor is the item's name already: the item is named only where it differs.
    inheritor.item && inheritor.item !== inheritor.skillType && { term: '项目', value: inheritor.item },
    inheritor.serial && { term: '项目编号', value: inheritor.serial },
  ].filter((fact): fact is { term: string; value: string } => Boolean(fact));

  return (
    <Dialog labelledBy={TITLE_ID} onClose={onClose} wide>
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="w-32 shrink-0 self-center sm:w-40 sm:self-start">
          <Portrait profileImages={inheritor.profileImages} alt={`${inheritor.inheritorName}的图片`} />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={TITLE_ID} className="font-serif text-2xl">
            {inheritor.inheritorName}
          </h2>
          <p className="mt-1 text-[15px]">{inheritor.skillType}</p>
          <p className="mt-2">
            <span className="badge badge-outline border-primary text-primary">{levelText(inheritor.status)}</span>
          </p>
          {facts.length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {facts.map((fact) => (
                <div key={fact.term} className="contents">
                  <dt className="text-secondary">{fact.term}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      <section className="mt-5" aria-labelledby={`${TITLE_ID}-bio`}>
        <h3 id={`${TITLE_ID}-bio`} className="font-serif text-lg">
          简介
        </h3>
        <p className="mt-1 leading-8 whitespace-pre-line">
          {inheritor.introduction === undefined && !sample ? (
            <>
              {GUEST_BIO}
              <a className="link link-secondary ml-1" href={loginHref('/inheritors#baodao')}>
                登录
              </a>
            </>
          ) : (
            bioText(inheritor.introduction)
          )}
        </p>
      </section>
      {features && (
        <section className="mt-4" aria-labelledby={`${TITLE_ID}-features`}>
          <h3 id={`${TITLE_ID}-features`} className="font-serif text-lg">
            {MESSAGES.inheritor.skillFeatures}
          </h3>
          <p className="mt-1 leading-8 whitespace-pre-line">{features}</p>
        </section>
      )}

      <div className="modal-action flex-wrap items-center">
        {inheritor.href && (
          <a className="link link-secondary mr-auto text-sm" href={inheritor.href}>
            {inheritor.href.startsWith('/inheritors/') ? '阅读小传' : '查看所在名录项目'}
          </a>
        )}
        <FollowButton id={inheritor.id} />
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          关闭
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Follow / unfollow with a loading state: the state is asked for only when a token exists; without one
 * the visitor is told '请先登录后再关注传承人'.
 */
function FollowButton({ id }: { id: number }) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const sample = isSample(id);
  const status = useQuery({ ...inheritorQueries.followStatus(id), enabled: Boolean(session) && !sample }, queryClient);
  const following = Boolean(session) && status.data === true;

  const toggle = useMutation(
    {
      mutationFn: async (next: boolean) => {
        await (next ? followInheritor(id) : unfollowInheritor(id));
        return next;
      },
      onSuccess: (next) => {
        queryClient.setQueryData(inheritorQueries.followStatus(id).queryKey, next);
        void queryClient.invalidateQueries({ queryKey: inheritorQueries.follows() });
        notify.success(next ? MESSAGES.follow.followed : MESSAGES.follow.unfollowed);
      },
      onError: (error) => {
        // A 401/403 is the client's: it logs the visitor out, says '登录已过期，请重新登录' and opens /login.
        if (error instanceof ApiError && error.isAuth) return;
        notify.error(error instanceof ApiError ? followFailureText(error) : MESSAGES.follow.failedLater);
      },
    },
    queryClient,
  );

  const loading = toggle.isPending || (Boolean(session) && !sample && status.isPending);

  function onClick() {
    // While loading the button stays focusable (a disabled button would drop focus out of the dialog) but idle.
    if (loading) return;
    if (!readSession() || sample) {
      notify.warning(MESSAGES.follow.needsLogin);
      return;
    }
    toggle.mutate(!following);
  }

  return (
    <button
      type="button"
      className={`btn min-w-28 ${following ? 'btn-outline btn-secondary' : 'btn-primary'}`}
      aria-busy={loading}
      aria-disabled={loading}
      data-following={following}
      onClick={onClick}
    >
      {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {following ? MESSAGES.follow.unfollow : MESSAGES.follow.follow}
    </button>
  );
}
