import { useFetchClient } from '@strapi/strapi/admin';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { DeskSeries, DeskSummary } from '@feiyi/contract/desk';
import { fenText } from '@feiyi/contract/money';

const yuan = (fen: number) => `¥${fenText(fen)}`;

const BEIJING_TIME = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '11月29日' from the series' 'YYYY-MM-DD'. */
function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}月${Number(date)}日`;
}

// The home gives a widget a fixed height (about 260 px, scrolling beyond): the four series in one row, the lists and the
// export side by side under them, so the whole desk shows without scrolling on a wide screen.
const Panel = styled.div`
  display: grid;
  gap: 10px;
  font-size: 14px;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.neutral800};
`;
const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 8px;
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 12px;
  align-items: start;
`;
const Card = styled.section`
  display: grid;
  gap: 2px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.neutral200};
  border-radius: 4px;
  h3 {
    font-size: 13px;
    color: ${({ theme }) => theme.colors.neutral600};
  }
  p {
    display: flex;
    align-items: baseline;
    gap: 8px;
  }
  strong {
    font-size: 17px;
  }
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.colors.neutral600};
  font-size: 13px;
`;
const Heading = styled.h3`
  font-size: 14px;
  font-weight: 600;
`;
const List = styled.ul`
  display: grid;
  gap: 2px;
  li {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
`;
const Warning = styled.span`
  color: ${({ theme }) => theme.colors.danger700};
`;
const ExportForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px;
  label {
    display: grid;
    font-size: 13px;
  }
  input {
    width: 9em;
    padding: 4px 6px;
    border: 1px solid ${({ theme }) => theme.colors.neutral300};
    border-radius: 4px;
    font: inherit;
  }
  button {
    padding: 6px 12px;
    border: 0;
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.primary600};
    color: #fff;
    font: inherit;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
    cursor: wait;
  }
`;
const Failure = styled.p`
  padding: 6px 10px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.danger100};
  color: ${({ theme }) => theme.colors.danger700};
`;

/** 30 bars, one per day, as inline SVG: no chart library in the admin. Each bar's tooltip says the day and its value. */
function Bars({
  series,
  value,
  describe,
  label,
}: {
  series: DeskSeries;
  value: (day: DeskSeries['days'][number]) => number;
  describe: (day: DeskSeries['days'][number]) => string;
  label: string;
}) {
  const width = 150;
  const height = 28;
  const step = width / series.days.length;
  const top = Math.max(1, ...series.days.map(value));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={label} preserveAspectRatio="none">
      {series.days.map((day, k) => {
        const h = value(day) === 0 ? 1 : Math.max(2, (value(day) / top) * height);
        return (
          <rect key={day.day} x={k * step + 0.5} y={height - h} width={step - 1} height={h} fill={value(day) === 0 ? '#DCDCE4' : '#A0622D'}>
            <title>{`${dayLabel(day.day)}：${describe(day)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

function SeriesCard({ title, series, kind }: { title: string; series: DeskSeries; kind: 'count' | 'amount' }) {
  const unit = title === '预约' ? '单' : '笔';
  const describe = (d: { count: number; amountFen: number }) => `${d.count} ${unit}，${yuan(d.amountFen)}`;
  const headline = kind === 'count' ? `${series.today.count} ${unit}` : yuan(series.today.amountFen);
  return (
    <Card data-desk-series={title}>
      <h3>{title}（今日）</h3>
      <p>
        <strong>{headline}</strong>
        <Muted as="span">{kind === 'count' ? yuan(series.today.amountFen) : `${series.today.count} ${unit}`}</Muted>
      </p>
      <Bars
        series={series}
        value={(day) => (kind === 'count' ? day.count : day.amountFen)}
        describe={describe}
        label={`${title}：近 ${series.days.length} 天每日${kind === 'count' ? '笔数' : '金额'}`}
      />
      <Muted>
        近 {series.days.length} 天：{describe(series.total)}
      </Muted>
    </Card>
  );
}

function minutesLeft(expiresAt: string, at: string): number {
  return Math.max(1, Math.ceil((Date.parse(expiresAt) - Date.parse(at)) / 60_000));
}

/**
 * The export: paid orders of a date range (Beijing days) as a CSV for the courier, downloaded with the admin's session.
 * The dates are text fields, not `<input type="date">`: Chromium writes that field's mm/dd/yyyy in the browser's own
 * language, English on an English system; the route reads 年-月-日 and says in Chinese what it cannot read.
 */
function ExportOrders() {
  const { get } = useFetchClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      const query = new URLSearchParams({ from, to }).toString();
      const answer = await get<Blob>(`/feiyi/desk/orders.csv?${query}`, { responseType: 'blob', validateStatus: () => true });
      if (answer.status !== 200) {
        const body = JSON.parse(await answer.data.text()) as { error?: { message?: string } };
        setFailure(body.error?.message ?? '导出失败，请稍后再试');
        return;
      }
      const disposition = answer.headers?.get('content-disposition') ?? '';
      const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      const link = document.createElement('a');
      link.href = URL.createObjectURL(answer.data);
      link.download = name ? decodeURIComponent(name) : '已支付订单.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      setFailure('导出失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <Heading>导出发货清单</Heading>
      <Muted>已支付订单的收货人、电话、地址与商品明细，表格软件可直接打开；不填日期即近 30 天；每次导出都记入操作记录。</Muted>
      <ExportForm onSubmit={(event) => void submit(event)} data-desk-export="">
        <label>
          开始日期
          <input inputMode="numeric" placeholder="如 2026-11-01" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          结束日期
          <input inputMode="numeric" placeholder="如 2026-11-01" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? '正在导出…' : '导出已支付订单'}
        </button>
      </ExportForm>
      {failure && <Failure role="alert">{failure}</Failure>}
    </section>
  );
}

/**
 * The admin home's 运营工作台 (运营 and the 超级管理员): today and the last 30 days of paid orders, revenue, donations
 * and bookings, products low in stock, unpaid orders about to expire, and the export of paid orders for shipping.
 * Reads GET /feiyi/desk/summary once a minute.
 */
export default function DeskWidget() {
  const { get } = useFetchClient();
  const [summary, setSummary] = useState<DeskSummary | 'unreadable' | undefined>();
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const next = (await get<{ data: DeskSummary }>('/feiyi/desk/summary')).data.data;
        if (!stopped) setSummary(next);
      } catch {
        if (!stopped) setSummary('unreadable');
      }
    };
    void read();
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [get]);

  if (!summary) return <Muted>正在读取运营数据…</Muted>;
  if (summary === 'unreadable') return <Muted>暂时读不到运营数据。</Muted>;
  const { lowStock, expiring } = summary;
  return (
    <Panel data-desk="">
      <Cards>
        <SeriesCard title="已支付订单" series={summary.orders} kind="count" />
        <SeriesCard title="销售额" series={summary.orders} kind="amount" />
        <SeriesCard title="捐赠" series={summary.donations} kind="amount" />
        <SeriesCard title="预约" series={summary.bookings} kind="count" />
      </Cards>
      <Columns>
        <section data-desk-low-stock="">
          <Heading>库存不足（不超过 {lowStock.threshold} 件）</Heading>
          {lowStock.products.length === 0 ? (
            <Muted>没有库存不足的商品。</Muted>
          ) : (
            <List>
              {lowStock.products.map((product) => (
                <li key={product.name}>
                  <span>{product.name}</span>
                  <Warning>{product.stock === 0 ? '已售罄' : `剩 ${product.stock} 件`}</Warning>
                </li>
              ))}
            </List>
          )}
          {lowStock.more > 0 && <Muted>另有 {lowStock.more} 件商品库存不足。</Muted>}
        </section>
        <section data-desk-expiring="">
          <Heading>即将过期的待支付订单（{expiring.withinMinutes} 分钟内）</Heading>
          {expiring.orders.length === 0 ? (
            <Muted>没有即将过期的订单。</Muted>
          ) : (
            <List>
              {expiring.orders.map((order) => (
                <li key={order.orderNo}>
                  <span>{order.orderNo}</span>
                  <span>
                    {yuan(order.amountFen)} · 还剩 {minutesLeft(order.expiresAt, summary.at)} 分钟（
                    {BEIJING_TIME.format(new Date(order.expiresAt))} 取消）
                  </span>
                </li>
              ))}
            </List>
          )}
          {expiring.more > 0 && <Muted>另有 {expiring.more} 笔即将过期。</Muted>}
        </section>
        <ExportOrders />
      </Columns>
    </Panel>
  );
}
