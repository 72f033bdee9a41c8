import { useFetchClient } from '@strapi/strapi/admin';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PUBLIC_SINGLE_TYPES } from '../../portal/public-content';
import { Badge, Failure, Item, List, Muted, ScheduleRow, type ScheduleItem } from './SchedulePanel';

/**
 * The admin home's 定时发布: every pending scheduled publish and unpublish of the types this account may publish, soonest
 * first, each opening its entry's edit view (where it is set and cancelled), and the last five carried out. Shown to
 * 内容编辑 and 超级管理员; reads GET /feiyi-schedule/schedules every 30 s.
 */
const SINGLE_TYPES = new Set(PUBLIC_SINGLE_TYPES.map((name) => `api::${name}.${name}`));

const Panel = styled.div`
  display: grid;
  gap: 8px;
  font-size: 13px;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.neutral800};
  h3 {
    font-size: 14px;
    font-weight: 600;
  }
`;

const editView = (item: ScheduleItem) =>
  SINGLE_TYPES.has(item.targetType)
    ? `/content-manager/single-types/${item.targetType}`
    : `/content-manager/collection-types/${item.targetType}/${item.targetDocumentId}`;

export default function ScheduleWidget() {
  const { get } = useFetchClient();
  const [answer, setAnswer] = useState<{ pending: ScheduleItem[]; recent: ScheduleItem[] } | undefined>();
  const [failure, setFailure] = useState('');
  const read = useCallback(() => {
    get<{ data: { pending: ScheduleItem[]; recent: ScheduleItem[] } }>('/feiyi-schedule/schedules').then(
      (response) => {
        setAnswer(response.data.data);
        setFailure('');
      },
      () => setFailure('暂时读不到定时发布的列表，请稍后刷新。'),
    );
  }, [get]);
  useEffect(() => {
    read();
    const timer = setInterval(read, 30_000);
    return () => clearInterval(timer);
  }, [read]);

  if (failure) return <Failure role="alert">{failure}</Failure>;
  if (!answer) return <Muted>正在读取定时发布…</Muted>;
  return (
    <Panel data-schedule-list>
      <h3>待执行（{answer.pending.length}）</h3>
      {answer.pending.length === 0 ? (
        <Muted>没有待执行的定时。在条目编辑页右侧的“定时发布”里设置。</Muted>
      ) : (
        <List aria-label="待执行的定时">
          {answer.pending.map((item) => (
            <ScheduleRow
              key={item.id}
              item={item}
              onCancelled={read}
              target={
                <span>
                  {item.typeName}：<Link to={editView(item)}>{item.targetTitle || '（无标题）'}</Link>
                </span>
              }
            />
          ))}
        </List>
      )}
      {answer.recent.length > 0 && (
        <>
          <h3>最近执行</h3>
          <List aria-label="最近执行的定时">
            {answer.recent.map((item) => (
              <Item key={item.id} data-schedule={item.id} data-state={item.state}>
                <span>
                  {item.finishedTime} {item.actionLabel}
                  <Badge $state={item.state}>{item.stateLabel}</Badge>
                </span>
                <span>
                  {item.typeName}：{item.targetTitle || '（无标题）'}
                </span>
                {item.state === 'failed' && <Failure>{item.outcome}</Failure>}
              </Item>
            ))}
          </List>
        </>
      )}
    </Panel>
  );
}
