import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * The secrets file inside an archive: AES-256-GCM under a key derived from the passphrase with scrypt (N = 2^15), so a
 * stolen archive does not give away the portal's keys, and a wrong passphrase or a changed byte fails the tag check.
 * Layout: "FYS1" | salt (16) | iv (12) | tag (16) | ciphertext.
 */
const MAGIC = Buffer.from('FYS1');
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export function sealSecrets(plain: Buffer, passphrase: string): Buffer {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = scryptSync(passphrase, salt, 32, SCRYPT);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, salt, iv, cipher.getAuthTag(), body]);
}

export class WrongPassphrase extends Error {}

export function openSecrets(sealed: Buffer, passphrase: string): Buffer {
  if (sealed.length < 48 || !sealed.subarray(0, 4).equals(MAGIC)) throw new WrongPassphrase('密钥文件格式不符');
  const salt = sealed.subarray(4, 20);
  const iv = sealed.subarray(20, 32);
  const tag = sealed.subarray(32, 48);
  const key = scryptSync(passphrase, salt, 32, SCRYPT);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(48)), decipher.final()]);
  } catch {
    throw new WrongPassphrase('口令不对，无法解密备份中的密钥');
  }
}
