import { useFetchClient } from '@strapi/strapi/admin';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from '../../portal/public-content';

/**
 * The edit view's 历史版本 side panel (Strapi's own Content History is a paid feature): the entry's versions, newest
 * first, each with its time (Beijing), whether it was a draft save or a publish, who made it and which fields changed;
 * 对比 shows a version beside the current draft field by field, 恢复为草稿 makes it the draft (cms/src/history/route.ts).
 * 运营 is refused by the server, and the panel then shows nothing.
 */
const HISTORY_TYPES = new Set([...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES].map((name) => `api::${name}.${name}`));

interface VersionItem {
  id: number;
  state: string;
  stateLabel: string;
  actorName: string;
  time: string;
  changed: string[];
  note: string;
}
interface Shown {
  text?: string;
  media?: Array<{ url: string; name: string }>;
}
interface Compared {
  id: number;
  stateLabel: string;
  actorName: string;
  time: string;
  fields: Array<{ name: string; label: string; changed: boolean; then: Shown; now: Shown }>;
}

const List = styled.ol`
  display: grid;
  gap: 8px;
  width: 100%;
  max-height: 360px;
  overflow-y: auto;
  list-style: none;
  padding: 0;
  margin: 0;
  font-size: 13px;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.neutral800};
`;
const Item = styled.li`
  display: grid;
  gap: 4px;
  padding: 8px;
  border: 1px solid ${({ theme }) => theme.colors.neutral200};
  border-radius: 4px;
`;
const Badge = styled.span<{ $published: boolean }>`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 4px;
  font-size: 12px;
  background: ${({ $published, theme }) => ($published ? theme.colors.success100 : theme.colors.secondary100)};
  color: ${({ $published, theme }) => ($published ? theme.colors.success700 : theme.colors.secondary700)};
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.colors.neutral600};
`;
const Buttons = styled.div`
  display: flex;
  gap: 8px;
`;
const Button = styled.button<{ $primary?: boolean }>`
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
const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(33, 33, 52, 0.4);
`;
const Dialog = styled.div`
  display: grid;
  grid-template-rows: auto 1fr auto;
  gap: 12px;
  width: min(960px, 92vw);
  max-height: 86vh;
  padding: 20px 24px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.neutral0};
  color: ${({ theme }) => theme.colors.neutral800};
  font-size: 14px;
  line-height: 1.6;
  h2 {
    font-size: 18px;
    font-weight: 600;
  }
`;
const Scroll = styled.div`
  overflow: auto;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.neutral150};
    text-align: left;
    vertical-align: top;
    white-space: pre-wrap;
    word-break: break-word;
  }
  th {
    white-space: nowrap;
  }
  tr[data-changed='true'] td {
    background: ${({ theme }) => theme.colors.warning100};
  }
  img {
    width: 72px;
    height: 72px;
    object-fit: cover;
    border-radius: 4px;
    margin-right: 4px;
  }
`;
const Failure = styled.p`
  color: ${({ theme }) => theme.colors.danger700};
`;

function Value({ shown }: { shown: Shown }) {
  if (shown.media) {
    if (shown.media.length === 0) return <Muted>（空）</Muted>;
    return (
      <>
        {shown.media.map((file) => (
          <img key={file.url} src={file.url} alt={file.name} title={file.name} />
        ))}
      </>
    );
  }
  const text = shown.text ?? '';
  return <>{text.length > 400 ? `${text.slice(0, 400)}…` : text}</>;
}

function CompareDialog({ versionId, onClose }: { versionId: number; onClose: () => void }) {
  const { get, post } = useFetchClient();
  const [compared, setCompared] = useState<Compared | undefined>();
  const [failure, setFailure] = useState('');
  const [restoring, setRestoring] = useState(false);
  useEffect(() => {
    get<{ data: Compared }>(`/feiyi-history/versions/${versionId}`).then(
      (answer) => setCompared(answer.data.data),
      () => setFailure('读取这个版本失败，请稍后再试。'),
    );
  }, [get, versionId]);
  const restore = async () => {
    setRestoring(true);
    try {
      await post(`/feiyi-history/versions/${versionId}/restore`, {});
      // The edit view reads the new draft afresh; the editor previews and publishes it as usual.
      window.location.reload();
    } catch (error) {
      const message = (error as { response?: { data?: { error?: { message?: string } } } }).response?.data?.error?.message;
      setFailure(message ?? '恢复失败，请稍后再试。');
      setRestoring(false);
    }
  };
  return (
    <Overlay onClick={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog role="dialog" aria-modal="true" aria-label="对比历史版本">
        <h2>{compared ? `${compared.time} 的${compared.stateLabel}版本（${compared.actorName}）与当前草稿` : '正在读取历史版本…'}</h2>
        <Scroll>
          {failure && <Failure role="alert">{failure}</Failure>}
          {compared && (
            <table>
              <thead>
                <tr>
                  <th scope="col">字段</th>
                  <th scope="col">这个版本</th>
                  <th scope="col">当前草稿</th>
                </tr>
              </thead>
              <tbody>
                {compared.fields.map((field) => (
                  <tr key={field.name} data-changed={field.changed} data-field={field.name}>
                    <th scope="row">
                      {field.label}
                      {field.changed && <Muted>（不同）</Muted>}
                    </th>
                    <td>
                      <Value shown={field.then} />
                    </td>
                    <td>
                      <Value shown={field.now} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Scroll>
        <Buttons>
          <Button type="button" $primary disabled={!compared || restoring} onClick={() => void restore()}>
            {restoring ? '正在恢复…' : '恢复为草稿'}
          </Button>
          <Button type="button" onClick={onClose}>
            关闭
          </Button>
          <Muted>恢复后成为新的草稿：预览无误再发布，网站才会更新。</Muted>
        </Buttons>
      </Dialog>
    </Overlay>
  );
}

function HistoryList({ model, documentId, revision }: { model: string; documentId: string; revision: string }) {
  const { get } = useFetchClient();
  const [versions, setVersions] = useState<VersionItem[] | undefined>();
  const [keep, setKeep] = useState(50);
  const [open, setOpen] = useState<number | undefined>();
  const read = useCallback(() => {
    get<{ data: { versions: VersionItem[]; keep: number } }>(`/feiyi-history/entries/${model}/${documentId}`).then(
      (answer) => {
        setVersions(answer.data.data.versions);
        setKeep(answer.data.data.keep);
      },
      () => setVersions([]),
    );
  }, [get, model, documentId]);
  useEffect(read, [read, revision]);
  if (!versions) return <Muted>正在读取历史版本…</Muted>;
  if (versions.length === 0) return <Muted>还没有历史版本：保存或发布后，每一次都会留下一个版本。</Muted>;
  return (
    <>
      <List aria-label="历史版本列表" data-history-list>
        {versions.map((version) => (
          <Item key={version.id} data-version={version.id}>
            <span>
              {version.time}
              <Badge $published={version.state === 'published'}>{version.stateLabel}</Badge>
            </span>
            <Muted>{version.actorName}</Muted>
            {version.note && <span>{version.note}</span>}
            {version.changed.length > 0 && <span>改动：{version.changed.join('、')}</span>}
            <Buttons>
              <Button type="button" onClick={() => setOpen(version.id)}>
                对比与恢复
              </Button>
            </Buttons>
          </Item>
        ))}
      </List>
      <Muted>每个条目保留最近 {keep} 个版本。</Muted>
      {open !== undefined && <CompareDialog versionId={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

interface PanelProps {
  model: string;
  documentId?: string;
  document?: { updatedAt?: string | null; publishedAt?: string | null };
}

/** Whether this account may see history (内容编辑, 超级管理员): the server's answer to the first read. */
function useAllowed(model: string, documentId: string | undefined) {
  const { get } = useFetchClient();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (!documentId || !HISTORY_TYPES.has(model)) return;
    get(`/feiyi-history/entries/${model}/${documentId}`).then(
      () => setAllowed(true),
      () => setAllowed(false),
    );
  }, [get, model, documentId]);
  return allowed;
}

export function HistoryPanel({ model, documentId, document }: PanelProps) {
  const allowed = useAllowed(model, documentId);
  if (!documentId || !HISTORY_TYPES.has(model) || !allowed) return null;
  const revision = `${document?.updatedAt ?? ''}|${document?.publishedAt ?? ''}`;
  return { title: '历史版本', content: <HistoryList model={model} documentId={documentId} revision={revision} /> };
}
