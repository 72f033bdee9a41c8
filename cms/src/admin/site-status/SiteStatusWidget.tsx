import { useFetchClient } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { SiteStatusAnswer } from '@feiyi/contract/site-build';

/** What GET /feiyi/site-status answers (cms/src/site-status/route.ts): the contract's shape, a type only here. */
type SiteStatus = SiteStatusAnswer;

const STATE_TEXT: Record<SiteStatus['state'], { label: string; hint: string; colour: string }> = {
  live: { label: '已上线', hint: '网站显示的是已发布的最新内容。', colour: '#3C7A5B' },
  updating: { label: '正在更新', hint: '刚发布的改动正在生成到网站上，通常几秒内上线。', colour: '#A0622D' },
  failed: { label: '更新失败', hint: '网站继续显示上一版；修正后再次发布即可重试。', colour: '#B8312F' },
  unknown: { label: '状态未知', hint: '暂时读不到网站的构建状态（网站服务是否已启动？）。', colour: '#666666' },
};

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

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
`;
const Failure = styled.p`
  padding: 8px 12px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.danger100};
  color: ${({ theme }) => theme.colors.danger700};
  word-break: break-all;
`;

function lastUpdate(report: NonNullable<SiteStatus['report']>): string | undefined {
  if (!report.builtAt) return undefined;
  const what =
    report.result === 'full' ? '整站构建' : `更新 ${report.rendered} 个页面${report.removed ? `、删除 ${report.removed} 个` : ''}`;
  const took = report.durationMs === null ? '' : `，用时 ${(report.durationMs / 1000).toFixed(1)} 秒`;
  const parts = Object.fromEntries(BEIJING.formatToParts(new Date(report.builtAt)).map((part) => [part.type, part.value]));
  const when = `${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}:${parts.second}`;
  return `最近一次：${when}，${what}${took}`;
}

/**
 * The admin home's 网站发布状态: whether the public site shows what is published (the live content version against
 * the published one), the last update's time, duration and kind, and a failure's reason in Chinese. Polls every
 * 3 s while an update is on its way, every 30 s otherwise.
 */
export default function SiteStatusWidget() {
  const { get } = useFetchClient();
  const [status, setStatus] = useState<SiteStatus | undefined>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      let next: SiteStatus;
      try {
        next = (await get<{ data: SiteStatus }>('/feiyi/site-status')).data.data;
      } catch {
        next = { state: 'unknown', publishedVersion: '', report: null, guideUrl: null };
      }
      if (stopped) return;
      setStatus(next);
      timer = setTimeout(() => void read(), next.state === 'updating' ? 3000 : 30_000);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [get]);

  if (!status) return <Muted>正在读取网站状态…</Muted>;
  const text = STATE_TEXT[status.state];
  const report = status.report;
  const update = report ? lastUpdate(report) : undefined;
  return (
    <Panel data-site-status={status.state}>
      <State $colour={text.colour}>{text.label}</State>
      <p>{text.hint}</p>
      {update && <Muted>{update}</Muted>}
      {report?.contentVersion && <Muted>网站内容版本：{report.contentVersion.slice(0, 12)}</Muted>}
      {status.state === 'failed' && report?.error && <Failure role="alert">失败原因：{report.error}</Failure>}
      {status.guideUrl && (
        <p>
          <a href={status.guideUrl} target="_blank" rel="noopener">
            编辑指南
          </a>
          ：登录、编辑与发布、预览、图片、发布状态与角色的说明
        </p>
      )}
    </Panel>
  );
}
