import type { FailureReading } from './rules.ts';

export type ApiErrorKind = 'login-required' | 'http' | 'business' | 'network' | 'config' | 'bad-answer' | 'too-large';

/** Every failed call throws this: `message` is the Chinese text to show (the error catalogue in rules.ts). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The caller should use its local copy (browse history) rather than show the message. */
  readonly local: boolean;

  constructor(kind: ApiErrorKind, message: string, status?: number, local = false) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.local = local;
  }

  static from(kind: ApiErrorKind, reading: FailureReading, status?: number): ApiError {
    return new ApiError(kind, reading.message, status, reading.local);
  }

  get isAuth(): boolean {
    return this.kind === 'login-required' || this.status === 401 || this.status === 403;
  }
}

/** The message to show for any thrown value: an ApiError's own text, else the caller's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
