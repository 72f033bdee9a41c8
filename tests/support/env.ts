/** Addresses and secrets of the stack `./portal test` started for this run. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with ./portal test`);
  return value;
}

export const testEnv = {
  get webUrl() {
    return required('TEST_WEB_URL');
  },
  get cmsUrl() {
    return required('TEST_CMS_URL');
  },
  get cmsToken() {
    return required('TEST_CMS_TOKEN');
  },
  get jwtSecret() {
    return required('TEST_JWT_SECRET');
  },
  /** The secret the CMS's change events carry; it also opens the adapter's cache counters. */
  get webhookSecret() {
    return required('TEST_WEBHOOK_SECRET');
  },
  /** Signs the editors' preview addresses (to make an expired one). */
  get previewSecret() {
    return required('TEST_PREVIEW_SECRET');
  },
  get db() {
    return required('TEST_DB') as 'sqlite' | 'postgres';
  },
  get adminEmail() {
    return required('TEST_ADMIN_EMAIL');
  },
  get adminPassword() {
    return required('TEST_ADMIN_PASSWORD');
  },
  /** The demo accounts of the 内容编辑 and 运营 roles. */
  get editorEmail() {
    return required('TEST_EDITOR_EMAIL');
  },
  get editorPassword() {
    return required('TEST_EDITOR_PASSWORD');
  },
  get operatorEmail() {
    return required('TEST_OPERATOR_EMAIL');
  },
  get operatorPassword() {
    return required('TEST_OPERATOR_PASSWORD');
  },
  get workDir() {
    return required('TEST_WORK_DIR');
  },
};

export async function cmsGet(path: string, init: { token?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? testEnv.cmsToken : init.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${testEnv.cmsUrl}${path}`, { headers });
  const body = (await response.json().catch(() => null)) as unknown;
  return { status: response.status, body: body as { data: unknown; meta?: { pagination?: { total: number } }; error?: unknown } };
}
