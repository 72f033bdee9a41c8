import type { Workshop } from '@feiyi/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { dropLocalBooking, keepLocalBooking } from '../../lib/api/local-bookings.ts';
import { bookWorkshop, workshopQueries } from '../../lib/api/workshop.ts';
import { formatMoney, yuan } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import PaymentCode from '../../lib/payment/PaymentCode.tsx';
import { useSimulatedPayment } from '../../lib/payment/use-simulated-payment.ts';
import Dialog from '../../lib/ui/Dialog.tsx';
import { notify } from '../../lib/ui/toast.ts';
import {
  type LocalBooking,
  PARTICIPANTS,
  PARTICIPANT_NAME_MAX,
  type Participant,
  bookingAmount,
  bookingPhaseAt,
  cleanParticipants,
  isBooked,
  isFreeWorkshop,
  localBooking,
  participantsProblem,
  resizeParticipants,
} from '../../lib/workshop/booking.ts';
import { formatStartTime } from '../../lib/workshop/countdown.ts';

interface Props {
  workshop: Workshop;
  /** A booking kept in this browser before login, now being sent to the account: names and phones come prefilled. */
  sync?: LocalBooking | undefined;
  loggedIn: boolean;
  booked: readonly { activity: { title: string; time: string } }[];
  onClose: () => void;
}

/** 'pay': the QR code, then 'processing', on the payment clock (bookingPhaseAt says which); then saving. */
type Stage = { step: 'form' } | { step: 'pay'; saving: boolean };

const FIELDS: { key: keyof Participant; label: string; type: string; inputMode?: 'numeric' | 'text'; max: number; auto: string }[] = [
  { key: 'name', label: '姓名', type: 'text', max: PARTICIPANT_NAME_MAX, auto: 'off' },
  { key: 'phone', label: '手机号', type: 'tel', inputMode: 'numeric', max: 11, auto: 'off' },
  { key: 'idcard', label: '身份证号', type: 'text', max: 18, auto: 'off' },
];

/**
 * The booking modal: 1–4 participants, each checked; then the QR with unit price × participants,
 * 'processing' after 1 s and the booking saved 10 s later. Closing the dialog stops the timers. Syncing a booking
 * kept in this browser asks only for the ID numbers again (stored masked) and sends it at once.
 */
export default function BookingDialog({ workshop, sync, loggedIn, booked, onClose }: Props) {
  const titleId = useId();
  const [rows, setRows] = useState<Participant[]>(() =>
    sync
      ? resizeParticipants(
          sync.participants.map((p) => ({ name: p.name, phone: p.phone, idcard: '' })),
          sync.participants.length,
        )
      : resizeParticipants([], 1),
  );
  const [problem, setProblem] = useState<string | undefined>();
  const [stage, setStage] = useState<Stage>({ step: 'form' });
  const [syncing, setSyncing] = useState(false);
  const closed = useRef(false);
  const payment = useSimulatedPayment({
    stateAt: bookingPhaseAt,
    isDone: (phase) => phase === 'done',
    onDone: () => {
      setStage({ step: 'pay', saving: true });
      void save();
    },
  });

  useEffect(
    () => () => {
      closed.current = true;
    },
    [],
  );

  const amount = bookingAmount(workshop.price, rows.length);
  const free = isFreeWorkshop(workshop.price);
  const activity = { title: workshop.title, time: workshop.startTime, location: workshop.location, image: workshop.image };

  function edit(index: number, key: keyof Participant, value: string) {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = participantsProblem(rows);
    if (found) {
      setProblem(found);
      return;
    }
    if (!sync && isBooked(booked, activity)) {
      setProblem(MESSAGES.workshop.alreadyBooked);
      return;
    }
    setProblem(undefined);
    if (sync) {
      // The local booking was paid (simulated) when it was made: syncing sends it with the ID numbers, no second payment.
      setSyncing(true);
      void save();
      return;
    }
    setStage({ step: 'pay', saving: false });
    payment.start();
  }

  async function save() {
    const participants = cleanParticipants(rows);
    if (!loggedIn) {
      try {
        keepLocalBooking(localBooking(activity, participants, new Date()));
        notify.success(MESSAGES.workshop.savedLocally);
        onClose();
      } catch {
        notify.error(MESSAGES.workshop.bookingFailed);
        onClose();
      }
      return;
    }
    try {
      await bookWorkshop(workshop.id, participants);
      if (sync) dropLocalBooking(sync.id);
      notify.success(MESSAGES.workshop.bookedOnServer(workshop.title));
    } catch (error) {
      if (!(error instanceof ApiError && error.isAuth)) notify.error(messageOf(error, MESSAGES.workshop.bookingFailed));
    } finally {
      void queryClient.invalidateQueries({ queryKey: workshopQueries.all() });
      if (!closed.current) onClose();
    }
  }

  const paying = stage.step === 'pay';
  const qrValue = `${MESSAGES.workshop.qrText}｜${workshop.title}｜${rows.length} 人｜${free ? MESSAGES.workshop.free : `${yuan(amount)} 元`}`;

  return (
    <Dialog labelledBy={titleId} onClose={onClose} dismissible={!syncing && (!paying || !stage.saving)} wide={!paying}>
      <h2 id={titleId} className="font-serif text-xl">
        {paying ? '扫码支付' : `预约：${workshop.title}`}
      </h2>
      <p className="mt-1 text-sm opacity-85">
        {formatStartTime(workshop.startTime)} · {workshop.location}
      </p>
      {!paying && (
        <form className="mt-4 space-y-4" noValidate onSubmit={submit}>
          {sync && <p className="alert alert-info text-sm">{MESSAGES.workshop.syncNote}</p>}
          <label className="flex items-center gap-3">
            <span className="text-sm">参与人数</span>
            <select
              className="select select-sm w-28"
              value={rows.length}
              disabled={Boolean(sync)}
              onChange={(event) => {
                const count = Number(event.currentTarget.value);
                setRows((current) => resizeParticipants(current, count));
              }}
            >
              {Array.from({ length: PARTICIPANTS.max - PARTICIPANTS.min + 1 }, (_, i) => i + PARTICIPANTS.min).map((n) => (
                <option key={n} value={n}>
                  {n} 人
                </option>
              ))}
            </select>
          </label>
          {rows.map((row, index) => (
            <fieldset key={index} className="rounded-box border border-base-300 p-3">
              <legend className="px-1 text-sm font-medium">第 {index + 1} 位参与人</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {FIELDS.map((field) => (
                  <label key={field.key} className="flex flex-col gap-1 text-sm">
                    <span>{field.label}</span>
                    <input
                      aria-label={`${field.label}（第 ${index + 1} 位参与人）`}
                      className="input input-sm w-full"
                      type={field.type}
                      inputMode={field.inputMode}
                      maxLength={field.max}
                      autoComplete={field.auto}
                      value={row[field.key]}
                      onChange={(event) => edit(index, field.key, event.currentTarget.value)}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <p className="text-sm">
            合计：
            {free ? (
              <>
                <strong className="text-primary">{MESSAGES.workshop.free}</strong> · {rows.length} 人
              </>
            ) : (
              <>
                {formatMoney(workshop.price)} × {rows.length} 人 = <strong className="text-primary">{formatMoney(amount)}</strong>
              </>
            )}
          </p>
          {problem && (
            <p role="alert" className="alert alert-error text-sm">
              {problem}
            </p>
          )}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={syncing}>
              取消
            </button>
            <button type="submit" className="btn btn-primary" disabled={syncing}>
              {sync ? (syncing ? '正在同步…' : '同步到账户') : '提交预约'}
            </button>
          </div>
        </form>
      )}
      {paying && (
        <div className="mt-4 flex flex-col items-center gap-3 text-center">
          <p>
            {free ? (
              <>
                <strong className="text-lg text-primary">{MESSAGES.workshop.free}</strong> · {rows.length} 人
              </>
            ) : (
              <>
                {formatMoney(workshop.price)} × {rows.length} 人 = <strong className="text-lg text-primary">{formatMoney(amount)}</strong>
              </>
            )}
          </p>
          <PaymentCode show="code" value={qrValue} title="预约支付二维码（演示）" />
          <p className="text-sm opacity-85">{MESSAGES.workshop.demoPayment}</p>
          <p role="status" aria-live="polite" className="min-h-6 text-sm">
            {stage.saving || (payment.state !== undefined && payment.state !== 'qr') ? (
              <>
                <span className="loading loading-spinner loading-sm mr-2 align-middle" aria-hidden="true" />
                {stage.saving ? '正在保存预约…' : '支付处理中，请稍候…'}
              </>
            ) : (
              '请扫码支付'
            )}
          </p>
          {!stage.saving && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              取消支付
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
