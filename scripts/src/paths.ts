import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const CMS_DIR = path.join(ROOT, 'cms');
export const ADAPTER_DIR = path.join(ROOT, 'api-adapter');
export const CONTRACT_DIR = path.join(ROOT, 'contract');
export const SITE_DIR = path.join(ROOT, 'site');
export const RUNTIME_DIR = path.join(ROOT, '.runtime');
export const SECRETS_FILE = path.join(RUNTIME_DIR, 'secrets.env');
