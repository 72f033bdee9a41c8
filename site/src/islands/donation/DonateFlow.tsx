import { ACHIEVEMENT_TYPES } from '@feiyi/contract/achievements';
import type { achievement, donationProject } from '@feiyi/contract';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { checkAchievement, donate, donationQueries, type fetchDonorFeed } from '../../lib/api/donation.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import type { StoredUser } from '../../lib/api/session.ts';
import { formatMoney, yuan } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import PaymentCode from '../../lib/payment/PaymentCode.tsx';
import { useSimulatedPayment } from '../../lib/payment/use-simulated-payment.ts';
import Dialog from '../../lib/ui/Dialog.tsx';
import { notify } from '../../lib/ui/toast.ts';
import { DONATION_SUCCESS_EVENT } from './Achievements.tsx';
import { FEED_LIMIT } from './DonorTable.tsx';
import {
  DONATION_AMOUNT,
  achievementFailureMessage,
  amountProblem,
  donationFailureMessage,
  donationPhaseAt,
  maskDonor,
  newlyCompleted,
  stepAmount,
} from '../../lib/donation/rules.ts';

type Stage =
  | { step: 'amount' }
  /** The simulated payment, on the payment clock (donationPhaseAt says what shows when). */
  | { step: 'pay' }
  | { step: 'saving' }
  | { step: 'done'; amount: number; completed: Achievement[] };

type Achievement = z.infer<typeof achievement>;
type DonationProject = z.infer<typeof donationProject>;
type FeedRecord = Awaited<ReturnType<typeof fetchDonorFeed>>[number];

/**
 * One donation: the amount dialog, the QR with the simulated payment (about 1 s, 10 s, then +10 % every
 * 300 ms), the donation call, the success dialog, the new donor row on top, the achievement checks and the
 * 'donationSuccess' event. Cancel stops the timers: '捐赠已取消'.
 */
export default function DonateFlow({ project, user, onClose }: { project: DonationProject; user: StoredUser; onClose: () => void }) {
  const titleId = useId();
  const amountId = useId();
  const [input, setInput] = useState(String(DONATION_AMOUNT.initial));
  const [problem, setProblem] = useState<string | undefined>();
  const [stage, setStage] = useState<Stage>({ step: 'amount' });
  const amount = Number(input);
  const payment = useSimulatedPayment({
    stateAt: donationPhaseAt,
    isDone: (state) => state.phase === 'paid',
    onDone: () => void save(amount),
  });

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    const found = amountProblem(input);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(undefined);
    setStage({ step: 'pay' });
    payment.start();
  }

  function cancel() {
    payment.cancel();
    notify.info(MESSAGES.donation.cancelled);
    onClose();
  }

  async function save(value: number) {
    setStage({ step: 'saving' });
    const before = queryClient.getQueryData(donationQueries.achievements(user.id).queryKey) ?? [];
    let result: Awaited<ReturnType<typeof donate>>;
    try {
      result = await donate({ userId: user.id, projectId: project.id, projectName: project.title, amount: value });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      const message = error instanceof ApiError ? error.message : undefined;
      notify.error(donationFailureMessage({ loggedIn: true, status, message }));
      onClose();
      return;
    }
    // The new donor row on top of the table.
    const row: FeedRecord = {
      id: result.donation.id,
      donor: maskDonor(user.username),
      amount: result.donation.amount,
      projectName: result.donation.projectName,
      projectId: result.donation.projectId,
      time: result.donation.createdAt,
    };
    queryClient.setQueryData(donationQueries.feed(FEED_LIMIT).queryKey, (old: FeedRecord[] | undefined) =>
      [row, ...(old ?? []).filter((r) => r.id !== row.id)].slice(0, FEED_LIMIT),
    );
    // After each donation, one achievement check per type (three); the server counts, the client only asks.
    const checks = await Promise.allSettled(
      ACHIEVEMENT_TYPES.map((type) => checkAchievement({ userId: user.id, type, projectId: project.id })),
    );
    const failed = checks.find((c): c is PromiseRejectedResult => c.status === 'rejected');
    if (failed) {
      const error: unknown = failed.reason;
      notify.error(
        achievementFailureMessage({
          status: error instanceof ApiError ? error.status : undefined,
          message: error instanceof Error ? error.message : undefined,
        }),
      );
    }
    setStage({ step: 'done', amount: value, completed: newlyCompleted(before, result.achievements) });
    window.dispatchEvent(new CustomEvent(DONATION_SUCCESS_EVENT, { detail: { projectId: project.id, amount: value } }));
  }

  if (stage.step === 'done') {
    return (
      <Dialog labelledBy={titleId} onClose={onClose}>
        <h2 id={titleId} className="font-serif text-xl">
          {MESSAGES.donation.succeeded}
        </h2>
        <p className="mt-3">{MESSAGES.donation.thanks(project.title, formatMoney(stage.amount))}</p>
        {stage.completed.length > 0 && (
          <div className="mt-3">
            <p className="font-medium">获得新成就：</p>
            <ul className="mt-1 list-inside list-disc text-sm">
              {stage.completed.map((a) => (
                <li key={a.achievementType}>
                  {a.achievementName}（{a.description}）
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="mt-3 text-sm opacity-85">{MESSAGES.donation.demo}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            好的
          </button>
        </div>
      </Dialog>
    );
  }

  if (stage.step === 'pay' || stage.step === 'saving') {
    const state = stage.step === 'pay' ? (payment.state ?? donationPhaseAt(0)) : ({ phase: 'paid' } as const);
    const percent = state.phase === 'progress' ? state.percent : state.phase === 'paid' ? 100 : 0;
    return (
      <Dialog labelledBy={titleId} onClose={cancel} dismissible={stage.step === 'pay'}>
        <h2 id={titleId} className="font-serif text-xl">
          扫码捐赠
        </h2>
        <p className="mt-1 text-sm opacity-85">{project.title}</p>
        <div className="mt-4 flex flex-col items-center gap-3 text-center">
          <p>
            捐赠金额 <strong className="text-lg text-primary">{formatMoney(amount)}</strong>
          </p>
          <PaymentCode
            show={state.phase === 'preparing' ? 'preparing' : state.phase === 'waiting' ? 'code' : 'progress'}
            value={`${MESSAGES.donation.qrText}｜${project.title}｜${yuan(amount)} 元`}
            title="捐赠支付二维码（演示）"
            percent={percent}
          />
          <p role="status" aria-live="polite" className="min-h-6 text-sm">
            {state.phase === 'preparing'
              ? '正在生成支付二维码…'
              : state.phase === 'waiting'
                ? '请扫码完成支付（演示）'
                : stage.step === 'saving'
                  ? '正在记录您的捐赠…'
                  : '支付处理中…'}
          </p>
          <p className="text-xs opacity-80">{MESSAGES.donation.demo}</p>
          {stage.step === 'pay' && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={cancel}>
              取消捐赠
            </button>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="font-serif text-xl">
        确认捐赠
      </h2>
      <p className="mt-1 text-sm opacity-85">{project.title}</p>
      <form className="mt-4 space-y-4" noValidate onSubmit={confirm}>
        <div>
          <label htmlFor={amountId} className="text-sm">
            捐赠金额（元，1–10000）
          </label>
          <div className="join mt-1">
            <button
              type="button"
              className="btn join-item"
              aria-label="减少 10 元"
              onClick={() => setInput(String(stepAmount(amount, -1)))}
            >
              −
            </button>
            <input
              id={amountId}
              className="input join-item w-32 text-center"
              type="number"
              inputMode="numeric"
              min={DONATION_AMOUNT.min}
              max={DONATION_AMOUNT.max}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
            />
            <button type="button" className="btn join-item" aria-label="增加 10 元" onClick={() => setInput(String(stepAmount(amount, 1)))}>
              +
            </button>
          </div>
        </div>
        {problem && (
          <p role="alert" className="alert alert-error text-sm">
            {problem}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary">
            确认捐赠
          </button>
        </div>
      </form>
    </Dialog>
  );
}
