/**
 * Sign-in and registration rules with their fixed messages. The field rules are the contract's own
 * schemas, so the form and the API can never disagree.
 */
import { AVATAR_UPLOAD, uploadProblem } from '@feiyi/contract/upload-rules';
import { loginBody, registerBody } from '../../lib/contract.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  username: string;
  password: string;
}

export interface RegisterValues extends LoginValues {
  confirm: string;
  email: string;
}

function firstIssues<K extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const parsed = loginBody.safeParse(values);
  return parsed.success ? {} : firstIssues(parsed.error.issues);
}

export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  const parsed = registerBody.safeParse({ username: values.username, password: values.password, email: values.email });
  const errors: FieldErrors<keyof RegisterValues> = parsed.success ? {} : firstIssues(parsed.error.issues);
  if (!values.confirm) errors.confirm = '请确认密码';
  else if (values.confirm !== values.password) errors.confirm = '两次输入的密码不一致';
  return errors;
}

/**
 * After a successful login or registration the page changes to another document, which would wipe the success
 * message at once: the form waits this long so '登录成功' / '注册成功！' can be read first.
 */
export const LEAVE_AFTER_MS = 800;

/** The avatar must be JPG or PNG and at most 2 MB, the API's own rule (the contract's); undefined when it may be uploaded. */
export function avatarProblem(file: { type: string; size: number }): string | undefined {
  return uploadProblem(AVATAR_UPLOAD, file);
}
