import { QRCodeSVG } from 'qrcode.react';

/**
 * The square every simulated payment shows: a spinner while the code is made, the QR code (white ground, so a phone
 * can read it in the dark theme too), then the progress circle once the payment is being confirmed.
 */
export default function PaymentCode({
  show,
  value,
  title,
  size = 180,
  percent = 0,
  bordered = false,
}: {
  show: 'preparing' | 'code' | 'progress';
  /** What the QR code holds. */
  value: string;
  /** The code's accessible name. */
  title: string;
  size?: number;
  percent?: number;
  bordered?: boolean;
}) {
  const box = size + 24 + (bordered ? 4 : 0);
  return (
    <div
      className={`flex items-center justify-center rounded-box bg-white p-3 ${bordered ? 'border border-base-300' : ''}`}
      style={{ width: box, height: box }}
    >
      {show === 'preparing' ? (
        <span className="loading loading-spinner" aria-hidden="true" />
      ) : show === 'code' ? (
        <QRCodeSVG value={value} size={size} level="M" title={title} />
      ) : (
        <div
          className="radial-progress text-primary"
          style={{ '--value': percent, '--size': `${Math.round((size * 0.7) / 16)}rem` } as React.CSSProperties}
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="支付进度"
        >
          {percent}%
        </div>
      )}
    </div>
  );
}
