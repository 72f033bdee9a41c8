import { useFetchClient } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { BackupStatusAnswer } from '@feiyi/contract/backup-status';

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function when(iso: string): string {
  const parts = Object.fromEntries(BEIJING.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
}

function size(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function every(seconds: number): string {
  if (seconds % 86_400 === 0) return `每 ${seconds / 86_400} 天`;
  if (seconds % 3600 === 0) return `每 ${seconds / 3600} 小时`;
  return `每 ${Math.round(seconds / 60)} 分钟`;
}

const Panel = styled.div`
  display: grid;
  gap: 8px;
  font-size: 14px;
  line-height: 1.6;
  color: ${({ theme }) => theme.colors.neutral800};
`;
const State = styled.p<{ $colour: string }>`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 16px;
  font-weight: 600;
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ $colour }) => $colour};
  }
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.colors.neutral600};
  word-break: break-all;
`;
const Failure = styled.p`
  padding: 8px 12px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.danger100};
  color: ${({ theme }) => theme.colors.danger700};
  word-break: break-all;
`;

/**
 * The admin home's 数据备份 (超级管理员 only): the last scheduled backup's time and result, where it went, the last
 * success when the last attempt failed, and the schedule. Reads GET /feiyi/backup-status once a minute.
 */
export default function BackupStatusWidget() {
  const { get } = useFetchClient();
  const [answer, setAnswer] = useState<BackupStatusAnswer | 'unreadable' | undefined>();
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const next = (await get<{ data: BackupStatusAnswer }>('/feiyi/backup-status')).data.data;
        if (!stopped) setAnswer(next);
      } catch {
        if (!stopped) setAnswer('unreadable');
      }
    };
    void read();
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [get]);

  if (!answer) return <Muted>正在读取备份状态…</Muted>;
  if (answer === 'unreadable') return <Muted>暂时读不到备份状态。</Muted>;
  const { status } = answer;
  if (!status) {
    return (
      <Panel data-backup-status="none">
        <State $colour="#666666">尚无定时备份</State>
        <Muted>在服务器的启动设置里加上备份间隔（BACKUP_INTERVAL，如 6h）即按时备份；也可随时手动备份，见说明文档的“备份与恢复”。</Muted>
      </Panel>
    );
  }
  const attempt = status.lastAttempt;
  return (
    <Panel data-backup-status={attempt.ok ? 'ok' : 'failed'}>
      <State $colour={attempt.ok ? '#3C7A5B' : '#B8312F'}>{attempt.ok ? '最近一次备份成功' : '最近一次备份失败'}</State>
      <p>
        {when(attempt.at)}，用时 {(attempt.durationMs / 1000).toFixed(1)} 秒{attempt.ok ? `，${size(attempt.sizeBytes)}` : ''}
      </p>
      {attempt.ok && attempt.archive && <Muted>存放于 {attempt.archive}</Muted>}
      {!attempt.ok && attempt.error && <Failure role="alert">{attempt.error}</Failure>}
      {!attempt.ok && <Muted>{status.lastSuccessAt ? `上次成功：${when(status.lastSuccessAt)}` : '还没有成功过的定时备份'}</Muted>}
      {status.intervalSeconds && <Muted>定时备份：{every(status.intervalSeconds)}</Muted>}
    </Panel>
  );
}
