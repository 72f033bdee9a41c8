import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT, FORMAT_VERSION, manifestProblem, schemaFingerprint } from './manifest.ts';
import { archiveName, pruneArchives } from './backup.ts';

describe('backup manifest', () => {
  const fingerprint = schemaFingerprint();
  const manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    engine: 'sqlite',
    schemaFingerprint: fingerprint,
    tables: [],
    files: {},
    commit: 'abc',
  };

  it("accepts this code's format and schema, refuses foreign, newer and other-schema manifests in Chinese", () => {
    expect(manifestProblem(manifest, fingerprint)).toBeUndefined();
    expect(manifestProblem({ ...manifest, format: 'other' }, fingerprint)).toMatch(/不是非遗门户的备份/);
    expect(manifestProblem({ ...manifest, formatVersion: FORMAT_VERSION + 1 }, fingerprint)).toMatch(/更新版本/);
    expect(manifestProblem({ ...manifest, schemaFingerprint: 'f'.repeat(32) }, fingerprint)).toMatch(/内容结构.*不一致/);
  });

  it('fingerprints the content types, not their formatting', () => {
    const cms = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    mkdirSync(path.join(cms, 'src', 'api', 'a', 'content-types', 'a'), { recursive: true });
    writeFileSync(path.join(cms, 'package.json'), JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0' } }));
    const schema = path.join(cms, 'src', 'api', 'a', 'content-types', 'a', 'schema.json');
    writeFileSync(schema, JSON.stringify({ kind: 'collectionType', attributes: { title: { type: 'string' } } }));
    const first = schemaFingerprint(cms);
    writeFileSync(schema, JSON.stringify({ attributes: { title: { type: 'string' } }, kind: 'collectionType' }, null, 2));
    expect(schemaFingerprint(cms)).toBe(first);
    writeFileSync(schema, JSON.stringify({ kind: 'collectionType', attributes: { title: { type: 'text' } } }));
    expect(schemaFingerprint(cms)).not.toBe(first);
  });

  it('keeps the newest archives of a folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'prune-'));
    const names = [0, 1, 2, 3].map((minute) => archiveName('sqlite', new Date(Date.UTC(2026, 10, 29, 10, minute))));
    for (const name of [...names, 'pre-restore-20261129-100000-sqlite.tar.gz']) writeFileSync(path.join(dir, name), '');
    expect(pruneArchives(dir, 2)).toEqual(names.slice(0, 2));
  });
});
