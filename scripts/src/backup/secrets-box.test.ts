import { describe, expect, it } from 'vitest';
import { openSecrets, sealSecrets, WrongPassphrase } from './secrets-box.ts';

describe('secrets in an archive', () => {
  const plain = Buffer.from('ADMIN_PASSWORD=Feiyi-1234-ABCD\n');

  it('opens with the passphrase it was sealed with, and only with it', () => {
    const sealed = sealSecrets(plain, 'correct horse');
    expect(sealed.includes(plain)).toBe(false);
    expect(openSecrets(sealed, 'correct horse').equals(plain)).toBe(true);
    expect(() => openSecrets(sealed, 'wrong horse')).toThrow(WrongPassphrase);
  });

  it('refuses a sealed file with one byte changed', () => {
    const sealed = sealSecrets(plain, 'correct horse');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => openSecrets(sealed, 'correct horse')).toThrow(WrongPassphrase);
  });
});
