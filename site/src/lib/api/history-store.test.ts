import { describe, expect, it } from 'vitest';
import { type LocalBrowseRecord, addRecord, parseRecords } from './history-store.ts';

const at = (id: number, minute: number, type = 'culture'): LocalBrowseRecord => ({
  browseType: type,
  browseId: id,
  browseTime: `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('local browse history', () => {
  it('puts the newest first and keeps one record per thing', () => {
    let list: LocalBrowseRecord[] = [];
    list = addRecord(list, at(1, 0));
    list = addRecord(list, at(2, 1));
    list = addRecord(list, at(1, 2));
    expect(list).toEqual([at(1, 2), at(2, 1)]);
  });

  it('tells types apart', () => {
    expect(addRecord([at(1, 0, 'culture')], at(1, 1, 'inheritor'))).toHaveLength(2);
  });

  it('keeps at most 50', () => {
    let list: LocalBrowseRecord[] = [];
    for (let id = 1; id <= 60; id += 1) list = addRecord(list, at(id, id % 60));
    expect(list).toHaveLength(50);
    expect(list[0]!.browseId).toBe(60);
    expect(list.at(-1)!.browseId).toBe(11);
  });

  it('reads stored lists defensively', () => {
    expect(parseRecords(null)).toEqual([]);
    expect(parseRecords('not json')).toEqual([]);
    expect(parseRecords('{"a":1}')).toEqual([]);
    expect(parseRecords(JSON.stringify([at(1, 0), { browseType: 'culture', browseId: -1, browseTime: 'x' }, null]))).toEqual([at(1, 0)]);
  });
});
