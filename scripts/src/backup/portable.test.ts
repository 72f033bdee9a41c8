import { describe, expect, it } from 'vitest';
import { columnKind, fromPortable, toPortable } from './portable.ts';

describe('portable row values', () => {
  it('names the kind of the columns both engines declare for Strapi', () => {
    expect(['INTEGER', 'integer', 'bigint'].map(columnKind)).toEqual(['integer', 'integer', 'integer']);
    expect(columnKind('timestamp without time zone')).toBe('datetime');
    expect(columnKind('datetime')).toBe('datetime');
    expect(columnKind('jsonb')).toBe('json');
    expect(columnKind('double precision')).toBe('float');
    expect(columnKind('numeric')).toBe('decimal');
    expect(columnKind('varchar(255)')).toBe('text');
    expect(columnKind('character varying')).toBe('text');
    expect(columnKind('boolean')).toBe('boolean');
  });

  it('gives one form for a datetime whichever engine stored it, and each engine its own form back', () => {
    const sqlite = toPortable('datetime', 1795946450265);
    const postgres = toPortable('datetime', '2026-11-29T10:00:50.265Z');
    expect(sqlite).toBe('2026-11-29T10:00:50.265Z');
    expect(postgres).toBe(sqlite);
    expect(toPortable('datetime', '2026-11-29 10:00:50')).toBe('2026-11-29T10:00:50.000Z');
    expect(fromPortable('datetime', sqlite, 'sqlite')).toBe(1795946450265);
    expect(fromPortable('datetime', sqlite, 'postgres')).toBe('2026-11-29T10:00:50.265Z');
  });

  it('keeps booleans, JSON (text that is not JSON too) and large integers', () => {
    expect(toPortable('boolean', 1)).toBe(true);
    expect(toPortable('boolean', false)).toBe(false);
    expect(fromPortable('boolean', true, 'sqlite')).toBe(1);
    const json = toPortable('json', '{"a":[1,"二"]}');
    expect(json).toEqual({ json: { a: [1, '二'] } });
    expect(toPortable('json', { a: [1, '二'] })).toEqual(json);
    expect(fromPortable('json', json, 'postgres')).toBe('{"a":[1,"二"]}');
    expect(fromPortable('json', toPortable('json', 'not json'), 'sqlite')).toBe('not json');
    expect(toPortable('integer', '9007199254740993')).toBe('9007199254740993');
    expect(toPortable('integer', '42')).toBe(42);
    expect(toPortable('text', null)).toBeNull();
  });
});
