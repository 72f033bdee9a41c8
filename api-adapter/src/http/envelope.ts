import { HOT_LATEST_CODE, SUCCESS_CODE } from '@feiyi/contract/common';

export const ok = <T>(data: T, message = 'success') => ({ code: SUCCESS_CODE, message, data }) as const;

/** The hot and latest calls answer code 200 (HOT_LATEST_CODE), not SUCCESS_CODE like every other call. */
export const okHotLatest = <T>(data: T, message = 'success') => ({ code: HOT_LATEST_CODE, message, data }) as const;
