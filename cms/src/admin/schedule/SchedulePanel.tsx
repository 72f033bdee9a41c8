import { useFetchClient } from '@strapi/strapi/admin';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from '../../portal/public-content';

/**
 * The edit view's 定时发布 side panel: set a publish or an unpublish of this entry at a Beijing time, see the entry's
 * schedules (pending first) and cancel a pending one (cms/src/schedule/route.ts). The CMS carries a schedule out within
 * a minute of its time. Shown to whoever may publish the type (内容编辑, 超级管理员) and only for types with drafts;
 * 运营 is refused by the server, and the panel then shows nothing.
 */
const PUBLIC_TYPES = new Set([...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES].map((name) => `api::${name}.${name}`));

export interface ScheduleItem {
  id: number;
  action: 'publish' | 'unpublish';
  actionLabel: string;
  state: string;
  stateLabel: string;
  time: string;
  actorName: string;
  outcome: string;
  finishedTime: string;
  cancelledBy: string;
  targetType: string;
  typeName: string;
  targetDocumentId: string;
  targetTitle: string;
}

export const failureOf = (error: unknown, fallback: string) =>
  (error as { response?: { data?: { error?: { message?: string } } } }).response?.data?.error?.message ?? fallback;

const Box = styled.div`
  display: grid;
  gap: 10px;
  width: 100%;
  font-size: 13px;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.neutral800};
  label {
    display: grid;
    gap: 4px;
  }
  select,
  input {
    padding: 4px 8px;
    border: 1px solid ${({ theme }) => theme.colors.neutral200};
    border-radius: 4px;
    font-size: 13px;
    background: ${({ theme }) => theme.colors.neutral0};
    color: ${({ theme }) => theme.colors.neutral800};
  }
`;
export const List = styled.ol`
  display: grid;
  gap: 8px;
  max-height: 320px;
  overflow-y: auto;
  list-style: none;
  padding: 0;
  margin: 0;
`;
export const Item = styled.li`
  display: grid;
  gap: 2px;
  padding: 8px;
  border: 1px solid ${({ theme }) => theme.colors.neutral200};
  border-radius: 4px;
`;
export const Badge = styled.span<{ $state: string }>`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 4px;
  font-size: 12px;
  background: ${({ $state, theme }) =>
    $state === 'pending' || $state === 'running'
      ? theme.colors.warning100
      : $state === 'done'
        ? theme.colors.success100
        : $state === 'failed'
          ? theme.colors.danger100
          : theme.colors.neutral150};
  color: ${({ $state, theme }) =>
    $state === 'pending' || $state === 'running'
      ? theme.colors.warning700
      : $state === 'done'
        ? theme.colors.success700
        : $state === 'failed'
          ? theme.colors.danger700
          : theme.colors.neutral700};
`;
export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.neutral600};
`;
const Button = styled.button<{ $primary?: boolean }>`
  justify-self: start;
  padding: 2px 10px;
  border-radius: 4px;
  border: 1px solid ${({ theme }) => theme.colors.primary600};
  background: ${({ $primary, theme }) => ($primary ? theme.colors.primary600 : theme.colors.neutral0)};
  color: ${({ $primary, theme }) => ($primary ? theme.colors.neutral0 : theme.colors.primary600)};
  font-size: 13px;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
`;
export const Failure = styled.p`
  color: ${({ theme }) => theme.colors.danger700};
`;

/**
 * The next whole hour in Beijing, as the time field shows it (“2026-12-01 10:00”): a valid starting point to change.
 * A text field rather than the browser's date-time control, whose placeholder (mm/dd/yyyy) follows the browser's own
 * language, not the admin's; the server reads the text as Beijing time whatever the editor's clock says.
 */
function nextWholeHour(): string {
  const at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

function ScheduleForm({ model, documentId, onDone }: { model: string; documentId: string; onDone: () => void }) {
  const { post } = useFetchClient();
  const [action, setAction] = useState<'publish' | 'unpublish'>('publish');
  const [runAt, setRunAt] = useState(nextWholeHour);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const submit = async () => {
    setBusy(true);
    setFailure('');
    try {
      await post(`/feiyi-schedule/entries/${model}/${documentId}`, { action, runAt });
      setRunAt(nextWholeHour());
      onDone();
    } catch (error) {
      setFailure(failureOf(error, '设置定时失败，请稍后再试。'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label>
        要做的事
        <select value={action} onChange={(event) => setAction(event.target.value as 'publish' | 'unpublish')} name="schedule-action">
          <option value="publish">定时发布（发布当前草稿）</option>
          <option value="unpublish">定时下线（撤回已发布的内容）</option>
        </select>
      </label>
      <label>
        执行时间（北京时间）
        <input
          type="text"
          value={runAt}
          onChange={(event) => setRunAt(event.target.value)}
          name="schedule-time"
          aria-describedby="schedule-time-hint"
        />
      </label>
      <Muted id="schedule-time-hint">按“年-月-日 时:分”填写，例如 2026-12-01 09:30</Muted>
      {failure && <Failure role="alert">{failure}</Failure>}
      <Button type="button" $primary disabled={busy} onClick={() => void submit()}>
        {busy ? '正在设置…' : '设置定时'}
      </Button>
      <Muted>到时间后一分钟内自动执行，网站随之更新。定时发布的是那时的草稿：之前保存的改动都会一起发布。</Muted>
    </>
  );
}

export function ScheduleRow({
  item,
  onCancelled,
  target,
}: {
  item: ScheduleItem;
  onCancelled: () => void;
  /** The admin home's list names the entry (with a link to it); the edit view's panel does not need to. */
  target?: ReactNode;
}) {
  const { post } = useFetchClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const cancel = async () => {
    setBusy(true);
    try {
      await post(`/feiyi-schedule/schedules/${item.id}/cancel`, {});
      onCancelled();
    } catch (error) {
      setFailure(failureOf(error, '取消失败，请稍后再试。'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Item data-schedule={item.id} data-state={item.state}>
      <span>
        {item.time} {item.actionLabel}
        <Badge $state={item.state}>{item.stateLabel}</Badge>
      </span>
      {target}
      <Muted>由 {item.actorName} 设置</Muted>
      {item.cancelledBy && <Muted>由 {item.cancelledBy} 取消</Muted>}
      {item.outcome && <span>{item.outcome}</span>}
      {failure && <Failure role="alert">{failure}</Failure>}
      {item.state === 'pending' && (
        <Button type="button" disabled={busy} onClick={() => void cancel()}>
          {busy ? '正在取消…' : '取消定时'}
        </Button>
      )}
    </Item>
  );
}

function ScheduleContent({ model, documentId, revision }: { model: string; documentId: string; revision: string }) {
  const { get } = useFetchClient();
  const [items, setItems] = useState<ScheduleItem[] | undefined>();
  const read = useCallback(() => {
    get<{ data: { schedules: ScheduleItem[] } }>(`/feiyi-schedule/entries/${model}/${documentId}`).then(
      (answer) => setItems(answer.data.data.schedules),
      () => setItems([]),
    );
  }, [get, model, documentId]);
  useEffect(read, [read, revision]);
  // A pending schedule is carried out in the background: look again every 15 s while one waits.
  useEffect(() => {
    if (!items?.some((item) => item.state === 'pending' || item.state === 'running')) return;
    const timer = setInterval(read, 15_000);
    return () => clearInterval(timer);
  }, [items, read]);
  return (
    <Box data-schedule-panel>
      <ScheduleForm model={model} documentId={documentId} onDone={read} />
      {items === undefined ? (
        <Muted>正在读取定时…</Muted>
      ) : items.length === 0 ? (
        <Muted>这个条目还没有定时。</Muted>
      ) : (
        <List aria-label="这个条目的定时">
          {items.map((item) => (
            <ScheduleRow key={item.id} item={item} onCancelled={read} />
          ))}
        </List>
      )}
    </Box>
  );
}

interface PanelProps {
  model: string;
  documentId?: string;
  document?: { updatedAt?: string | null; publishedAt?: string | null };
}

/** Whether this account may schedule this type (the server's answer): 内容编辑 and 超级管理员, types with drafts only. */
function useSchedulable(model: string, documentId: string | undefined) {
  const { get } = useFetchClient();
  const [schedulable, setSchedulable] = useState(false);
  useEffect(() => {
    if (!documentId || !PUBLIC_TYPES.has(model)) return;
    get<{ data: { schedulable: boolean } }>(`/feiyi-schedule/entries/${model}/${documentId}`).then(
      (answer) => setSchedulable(answer.data.data.schedulable),
      () => setSchedulable(false),
    );
  }, [get, model, documentId]);
  return schedulable;
}

export function SchedulePanel({ model, documentId, document }: PanelProps) {
  const schedulable = useSchedulable(model, documentId);
  if (!documentId || !PUBLIC_TYPES.has(model) || !schedulable) return null;
  const revision = `${document?.updatedAt ?? ''}|${document?.publishedAt ?? ''}`;
  return { title: '定时发布', content: <ScheduleContent model={model} documentId={documentId} revision={revision} /> };
}
