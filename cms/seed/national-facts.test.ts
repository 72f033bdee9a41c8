import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedData } from './load-data';
import {
  checkCultures,
  checkInheritors,
  checkRelatedItems,
  checkUnesco,
  loadNationalTables,
  provinceOfRegion,
  unescoElementName,
} from './national-facts';

const data = loadSeedData(path.join(__dirname, 'data'));
const tables = loadNationalTables(path.join(__dirname, 'facts'));

describe('seed facts against the national tables', () => {
  it('reads the complete tables', () => {
    expect(tables.items).toHaveLength(3610);
    expect(new Set(tables.items.map((row) => row.serial)).size).toBe(1557);
    expect(tables.inheritors).toHaveLength(3995);
    expect(tables.unesco).toHaveLength(45);
  });

  it('gives every culture item the serial, category, batch, entry kind, region and province of its national entry', () => {
    expect(checkCultures(data.cultures, tables, data.categories, data.provinces)).toEqual([]);
  });

  it('gives every national inheritor the item, serial, category, batch, region, province, gender and birth year of the table', () => {
    expect(checkInheritors(data.inheritors, tables, data.categories, data.provinces)).toEqual([]);
  });

  it('makes each of China’s UNESCO elements one culture item that names it with its year and list', () => {
    expect(checkUnesco(data.cultures, tables)).toEqual([]);
    expect(data.cultures.filter((culture) => culture.unescoElement !== undefined)).toHaveLength(tables.unesco.length);
  });

  it('names a national item for every product and donation project', () => {
    expect(checkRelatedItems([...data.products, ...data.donationProjects], tables)).toEqual([]);
  });
});

describe('the fact checks find what is wrong', () => {
  const categories = data.categories;
  const provinces = data.provinces;
  const base = {
    key: 'yueju',
    title: '越剧',
    category: 67,
    province: '上海',
    region: '上海市、浙江省',
    serial: 'Ⅳ-53',
    batchYear: 2006,
    batch: '第一批',
    entryKind: '新增项目',
    unesco: null,
  };

  it('accepts a correct entry and names each wrong fact', () => {
    expect(checkCultures([base], tables, categories, provinces)).toEqual([]);
    expect(
      checkCultures(
        [{ ...base, serial: null, batchYear: null, batch: null, entryKind: null, region: null }],
        tables,
        categories,
        provinces,
      ),
    ).toEqual(['yueju（越剧）: the national list has it as Ⅳ-53 越剧; serial missing']);
    expect(checkCultures([{ ...base, category: 70 }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: Ⅳ-53 is 传统戏剧, seeded as 曲艺',
    ]);
    expect(checkCultures([{ ...base, region: '浙江省' }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: region 浙江省 should be 上海市、浙江省',
    ]);
    expect(checkCultures([{ ...base, province: '浙江' }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: province 浙江 should be 上海 (first declaring region 上海市)',
    ]);
    expect(checkCultures([{ ...base, batchYear: 2008, batch: '第二批' }], tables, categories, provinces)[0]).toMatch(
      /no Ⅳ-53 entry named 越剧 in 2008/,
    );
    expect(checkCultures([{ ...base, batch: '第二批' }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: batch 第二批 does not match 2006',
    ]);
    expect(checkCultures([{ ...base, serial: 'Ⅳ-999' }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: serial Ⅳ-999 is not in the national list',
    ]);
  });

  it('reads sub-entries as the entry of their item and a national body as no province', () => {
    const tibetanOpera = {
      ...base,
      key: 'zangxi',
      title: '藏戏',
      serial: 'Ⅳ-80',
      region: '西藏自治区、青海省黄南藏族自治州',
      province: '西藏',
    };
    expect(checkCultures([tibetanOpera], tables, categories, provinces)).toEqual([]);
    expect(provinceOfRegion('文化部', provinces, tables.seats)).toBeNull();
    expect(provinceOfRegion('香港特别行政区民政事务局', provinces, tables.seats)).toBe('香港');
    expect(provinceOfRegion('上海滑稽剧团', provinces, tables.seats)).toBe('上海');
    expect(provinceOfRegion('中国京剧院', provinces, tables.seats)).toBe('北京');
  });

  it('checks an inheritor against the table', () => {
    const person = {
      key: 'zhang-jiqing',
      name: '张继青',
      item: '昆曲',
      serial: 'Ⅳ-1',
      category: 67,
      batch: '第二批',
      batchYear: 2008,
      province: '江苏',
      region: '江苏省',
      gender: '女',
      birthYear: 1939,
      level: 'national',
    };
    expect(checkInheritors([person], tables, categories, provinces)).toEqual([]);
    expect(checkInheritors([{ ...person, birthYear: 1938, gender: null }], tables, categories, provinces)).toEqual([
      'zhang-jiqing（张继青）: gender null should be 女',
      'zhang-jiqing（张继青）: birth year 1938 should be 1939',
    ]);
    expect(checkInheritors([{ ...person, batchYear: 2007, batch: '第一批' }], tables, categories, provinces)[0]).toMatch(
      /no national inheritor 张继青 of Ⅳ-1 in 2007/,
    );
  });

  it('requires each UNESCO element once, with its year and list', () => {
    expect(unescoElementName('蒙古族长调民歌（与蒙古国联合申报）')).toBe('蒙古族长调民歌');
    expect(unescoElementName('羌年（2024年由急需保护名录转入代表作名录）')).toBe('羌年');
    const kunqu = { ...base, key: 'kunqu', title: '昆曲', unescoElement: '昆曲', unesco: '2001年“昆曲”入选“人类口头和非物质遗产代表作”' };
    const findings = checkUnesco([kunqu], tables);
    expect(findings).toContain(
      'kunqu（昆曲）: unesco text lacks 人类非物质文化遗产代表作名录: 2001年“昆曲”入选“人类口头和非物质遗产代表作”',
    );
    expect(findings).toContain('UNESCO element 京剧 (2010) is 0 culture items, not 1');
    const qiang = {
      ...base,
      key: 'qiang',
      title: '羌年',
      unescoElement: '羌年',
      unesco: '2009年“羌年”列入联合国教科文组织人类非物质文化遗产代表作名录',
    };
    expect(checkUnesco([qiang], tables)).toContain(
      'qiang（羌年）: unesco text lacks 2024年转入: 2009年“羌年”列入联合国教科文组织人类非物质文化遗产代表作名录',
    );
    expect(checkUnesco([{ ...base, unesco: '2009年列入人类非物质文化遗产代表作名录' }], tables)).toContain(
      'yueju（越剧）: unesco text names no element with its year: 2009年列入人类非物质文化遗产代表作名录',
    );
  });
});
