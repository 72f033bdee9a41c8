import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedData } from './load-data';
import {
  checkCultures,
  checkInheritors,
  checkPrimaryProvince,
  checkProclamations,
  checkRelatedItems,
  checkThemePages,
  checkUnesco,
  loadNationalTables,
  provinceOfRegion,
  relatedEntryRows,
  unescoElementName,
  unlistedEntryNames,
  unstatedEntryFacts,
} from './national-facts';

const data = loadSeedData(path.join(__dirname, 'data'));
const tables = loadNationalTables(path.join(__dirname, 'facts'));

/** Every text of the seed files, with where it is (file part and key). */
function seedTexts(seed: typeof data): Array<{ at: string; text: string }> {
  const texts: Array<{ at: string; text: string }> = [];
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') texts.push({ at, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
  };
  for (const [part, value] of Object.entries(seed)) walk(value, part);
  return texts;
}

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

  it('makes an item’s well-established home its primary province, and leaves it empty where none is', () => {
    const primary = (title: string) => data.cultures.find((c) => c.title === title)!.province;
    expect(['昆曲', '川剧', '越剧', '侗族大歌', '京剧'].map(primary)).toEqual(['江苏', '四川', '浙江', '贵州', '北京']);
    expect(['梁祝传说', '花儿', '江南丝竹', '端午节'].map(primary)).toEqual([null, null, null, null]);
  });

  it('gives every national inheritor the item, serial, category, batch, region, province, gender and birth year of the table', () => {
    expect(checkInheritors(data.inheritors, tables, data.categories, data.provinces)).toEqual([]);
  });

  it('makes each of China’s UNESCO elements one culture item that names it with its year and list', () => {
    expect(checkUnesco(data.cultures, tables)).toEqual([]);
    expect(data.cultures.filter((culture) => culture.unescoElement !== undefined)).toHaveLength(tables.unesco.length);
  });

  it('says the Masterpieces of 2001–2005 were proclaimed then and put on the Representative List in 2008', () => {
    expect(checkProclamations(seedTexts(data), tables)).toEqual([]);
  });

  it('names the 13 京剧 inheritors of 2009 as 13, and the other two 中国京剧院 declared', () => {
    const batch = tables.inheritors.filter((row) => row.itemSerial === 'Ⅳ-28' && row.batchYear === 2009);
    expect(batch).toHaveLength(13);
    const company = batch.filter((row) => row.region === '中国京剧院').map((row) => row.name);
    for (const name of ['冯志孝', '张春孝']) {
      const person = data.inheritors.find((p) => p.name === name)!;
      const stated = /2009年同批认定的京剧代表性传承人共(\d+)位，其中由中国京剧院申报的还有([^。]+)。/.exec(person.introduction);
      expect(stated?.[1], name).toBe(String(batch.length));
      expect(stated?.[2]?.split('、').sort(), name).toEqual(company.filter((other) => other !== name).sort());
    }
  });

  it('says which of the first inheritors’ five categories were renamed in 2008: those not named so today', () => {
    const news = data.news.find((n) => n.key === 'first-national-inheritors-2007')!;
    const text = [news.desc, ...news.body].join('');
    const named = ['民间文学', '杂技与竞技', '民间美术', '传统手工技艺', '传统医药'];
    for (const name of named) expect(text).toContain(name);
    const current = data.categories.map((c) => c.officialName);
    const renamed = named.filter((name) => !current.includes(name));
    expect(renamed).toEqual(['杂技与竞技', '民间美术', '传统手工技艺']);
    expect(text).toContain('其中三个门类改用现行名称');
    for (const name of renamed) expect(text).toMatch(new RegExp(`“${name}”改称“(${current.join('|')})”`));
    for (const name of named.filter((n) => !renamed.includes(n))) expect(text).not.toMatch(new RegExp(`“${name}”改称`));
  });

  it('names a national item for every product and donation project', () => {
    expect(checkRelatedItems([...data.products, ...data.donationProjects], tables)).toEqual([]);
  });

  it('leaves no theme page pending or in doubt where the national list resolves it, and names only its own serials and real sub-entries', () => {
    expect(checkThemePages(data.heritagePages, tables)).toEqual([]);
  });

  it('states the serial, category, year, batch, region and kind of every national entry a theme page names', () => {
    const expected: Record<string, string[]> = {
      textile: ['Ⅷ-13 南京云锦木机妆花手工织造技艺 2006 江苏省南京市', 'Ⅷ-13 南京云锦木机妆花手工织造技艺 2011 江苏汉唐织锦科技有限公司'],
      papercut: [
        'Ⅶ-16 剪纸（蔚县剪纸） 2006 河北省蔚县',
        'Ⅶ-16 剪纸（广东剪纸） 2006 广东省汕头市',
        'Ⅶ-16 剪纸（广东剪纸） 2006 广东省佛山市',
        'Ⅶ-16 剪纸（广东剪纸） 2006 广东省潮州市',
      ],
      erhu: ['Ⅱ-184 二胡艺术（江南孙氏二胡艺术） 2021 上海市奉贤区'],
      drum: ['Ⅲ-13 安塞腰鼓 2006 陕西省安塞县'],
      'newyear-painting': ['Ⅶ-3 桃花坞木版年画 2006 江苏省苏州市'],
      suona: ['Ⅱ-37 唢呐艺术 2006 河南省沁阳市', 'Ⅱ-37 唢呐艺术 2006 甘肃省庆阳市', 'Ⅱ-37 唢呐艺术（灵璧菠林喇叭） 2014 安徽省灵璧县'],
      embroidery: [
        'Ⅶ-18 苏绣 2006 江苏省苏州市',
        'Ⅶ-18 苏绣（无锡精微绣） 2008 江苏省无锡市',
        'Ⅶ-18 苏绣（南通仿真绣） 2008 江苏省南通市',
        'Ⅶ-18 苏绣（扬州刺绣） 2014 江苏省扬州市',
        'Ⅶ-18 苏绣（常州乱针绣） 2021 江苏省常州市',
      ],
      pipa: [
        'Ⅱ-119 琵琶艺术（浦东派） 2008 上海市南汇区',
        'Ⅱ-119 琵琶艺术（瀛洲古调派） 2008 上海市崇明县',
        'Ⅱ-119 琵琶艺术（平湖派） 2008 浙江省平湖市',
      ],
      'yingge-dance': [
        'Ⅲ-8 英歌（潮阳英歌） 2006 广东省汕头市',
        'Ⅲ-8 英歌（普宁英歌） 2006 广东省揭阳市',
        'Ⅲ-8 英歌（甲子英歌） 2011 广东省陆丰市',
      ],
      'yue-opera': ['Ⅳ-53 越剧 2006 上海市', 'Ⅳ-53 越剧 2006 浙江省', 'Ⅳ-53 越剧（尹派） 2008 福建省芳华越剧团'],
      'kunqu-opera': [
        'Ⅳ-1 昆曲 2006 北京市',
        'Ⅳ-1 昆曲 2006 中国艺术研究院',
        'Ⅳ-1 昆曲 2006 上海市',
        'Ⅳ-1 昆曲 2006 江苏省',
        'Ⅳ-1 昆曲 2006 浙江省',
        'Ⅳ-1 昆曲 2006 湖南省',
      ],
      'peking-opera': [
        'Ⅳ-28 京剧 2006 北京市',
        'Ⅳ-28 京剧 2006 中国国家京剧院',
        'Ⅳ-28 京剧 2006 天津市',
        'Ⅳ-28 京剧 2006 辽宁省',
        'Ⅳ-28 京剧 2006 上海市',
        'Ⅳ-28 京剧 2006 山东省',
        'Ⅳ-28 京剧 2008 湖北省京剧院',
        'Ⅳ-28 京剧 2011 江苏省演艺集团',
        'Ⅳ-28 京剧 2011 江苏省淮安市',
      ],
      'cantonese-opera': [
        'Ⅳ-36 粤剧 2006 广东省广州市',
        'Ⅳ-36 粤剧 2006 广东省文化厅',
        'Ⅳ-36 粤剧 2006 广东省佛山市',
        'Ⅳ-36 粤剧 2006 香港特别行政区民政事务局',
        'Ⅳ-36 粤剧 2006 澳门特别行政区文化局',
        'Ⅳ-36 粤剧 2014 广东省吴川市',
        'Ⅳ-36 粤剧 2014 广西壮族自治区南宁市',
      ],
      'huangmei-opera': [
        'Ⅳ-60 黄梅戏 2006 安徽省安庆市',
        'Ⅳ-60 黄梅戏 2006 湖北省黄梅县',
        'Ⅳ-60 黄梅戏 2011 安徽省黄梅戏剧院',
        'Ⅳ-60 黄梅戏 2021 湖北省',
      ],
      'sichuan-opera': ['Ⅳ-12 川剧 2006 重庆市', 'Ⅳ-12 川剧 2006 四川省'],
    };
    const pages = data.heritagePages;
    expect(pages.flatMap((p) => unstatedEntryFacts(p, tables))).toEqual([]);
    expect(
      Object.fromEntries(
        pages.map((p) => [p.slug, relatedEntryRows(p, tables).map((r) => `${r.serial} ${r.name} ${r.batchYear} ${r.region}`)]),
      ),
    ).toEqual(expected);
    expect(pages.filter((p) => p.verification !== 'verified').map((p) => p.slug)).toEqual([]);
  });
});

describe('the fact checks find what is wrong', () => {
  const categories = data.categories;
  const provinces = data.provinces;
  const base = {
    key: 'yueju',
    title: '越剧',
    category: 67,
    province: '浙江',
    provinceNote: '越剧发源于浙江嵊州一带',
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
    expect(checkCultures([{ ...base, province: null, provinceNote: undefined }], tables, categories, provinces)).toEqual([]);
    expect(checkCultures([{ ...base, provinceNote: undefined }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: primary province 浙江 chosen among 上海、浙江 without a provinceNote saying why',
    ]);
    expect(checkCultures([{ ...base, province: '江苏' }], tables, categories, provinces)).toEqual([
      'yueju（越剧）: primary province 江苏 is not one of 上海、浙江',
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
      provinceNote: '藏戏发源于西藏',
    };
    expect(checkCultures([tibetanOpera], tables, categories, provinces)).toEqual([]);
    expect(provinceOfRegion('文化部', provinces, tables.seats)).toBeNull();
    expect(provinceOfRegion('香港特别行政区民政事务局', provinces, tables.seats)).toBe('香港');
    expect(provinceOfRegion('上海滑稽剧团', provinces, tables.seats)).toBe('上海');
    expect(provinceOfRegion('中国京剧院', provinces, tables.seats)).toBe('北京');
  });

  it('takes the one province of an entry declared in one, and a national body for none', () => {
    const seats = tables.seats;
    expect(checkPrimaryProvince({ province: '江苏' }, ['江苏省苏州市'], provinces, seats)).toEqual([]);
    expect(checkPrimaryProvince({ province: null }, ['江苏省苏州市'], provinces, seats)).toEqual([
      'province null should be 江苏, where every declaring region lies',
    ]);
    expect(checkPrimaryProvince({ province: '江苏', provinceNote: '苏绣发源于苏州' }, ['江苏省苏州市'], provinces, seats)).toEqual([
      'provinceNote for an entry declared in 江苏 alone',
    ]);
    // 同仁堂's company has its seat in 北京 (seats.tsv); 珠算 was declared by a national association too.
    expect(checkPrimaryProvince({ province: '北京' }, ['中国北京同仁堂（集团）有限责任公司'], provinces, seats)).toEqual([]);
    expect(checkPrimaryProvince({ province: null }, ['中国珠算心算协会', '安徽省黄山市屯溪区'], provinces, seats)).toEqual([]);
    expect(checkPrimaryProvince({ province: '安徽' }, ['中国珠算心算协会', '安徽省黄山市屯溪区'], provinces, seats)).toEqual([
      'primary province 安徽 chosen among 安徽 without a provinceNote saying why',
    ]);
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

  it('finds a Masterpiece said to be put on the Representative List in the year it was proclaimed', () => {
    const wrong = '新疆维吾尔木卡姆艺术融歌、舞、乐于一体，2005年列入人类非物质文化遗产代表作';
    const right = '新疆维吾尔木卡姆艺术2005年被宣布为人类口头和非物质遗产代表作，2008年列入人类非物质文化遗产代表作名录';
    expect(checkProclamations([{ at: 'provinces[33]', text: `${wrong}；${right}。` }], tables)).toEqual([`provinces[33]: ${wrong}`]);
    expect(checkProclamations([{ at: 'x', text: '2001年入选首批人类非物质文化遗产代表作' }], tables)).toHaveLength(1);
    expect(checkProclamations([{ at: 'x', text: '2005年发布通知，2009年列入人类非物质文化遗产代表作名录' }], tables)).toEqual([]);
  });

  it('finds a theme page left pending whose item resolves, a foreign serial and an unstated fact', () => {
    const page = {
      slug: 'yue-opera',
      title: '越剧',
      summary: '越剧于2006年列入第一批国家级名录，项目编号Ⅳ-53。',
      body: ['越剧属传统戏剧类，申报地区为上海市和浙江省，均为新增项目。'],
      relatedItems: ['越剧'],
      verification: 'verified' as const,
      note: '2008年第二批扩展项目越剧（尹派）由福建省芳华越剧团申报。',
    };
    expect(checkThemePages([page], tables)).toEqual([]);
    expect(unstatedEntryFacts(page, tables)).toEqual([]);
    expect(checkThemePages([{ ...page, verification: 'pending' }], tables)).toEqual([
      'yue-opera（越剧）: marked pending, but the national list resolves it (Ⅳ-53 越剧 2006 上海市; Ⅳ-53 越剧 2006 浙江省; Ⅳ-53 越剧（尹派） 2008 福建省芳华越剧团)',
    ]);
    expect(checkThemePages([{ ...page, verification: 'pending', title: '二胡', relatedItems: [] }], tables)[0]).toMatch(
      /^yue-opera（二胡）: marked pending, but the national list resolves it \(Ⅱ-184 二胡艺术（江南孙氏二胡艺术） 2021 上海市奉贤区\)/,
    );
    expect(checkThemePages([{ ...page, summary: '项目编号Ⅳ-28。' }], tables)).toEqual([
      "yue-opera（越剧）: serial Ⅳ-28 in the text is not one of the page's national entries",
    ]);
    expect(unstatedEntryFacts({ ...page, body: ['越剧属传统戏剧类，申报地区为上海市，均为新增项目。'] }, tables)).toEqual([
      'yue-opera: 越剧 浙江省',
    ]);
    expect(unstatedEntryFacts({ ...page, body: ['申报地区为上海市和浙江省，均为新增项目。'] }, tables)).toEqual([
      'yue-opera: 越剧 传统戏剧',
      'yue-opera: 越剧（尹派） 传统戏剧',
    ]);
  });

  it('finds a sub-entry the list does not have and a list fact left open', () => {
    const page = {
      slug: 'sichuan-opera',
      title: '川剧',
      summary: '川剧于2006年列入第一批国家级名录，编号Ⅳ-12。',
      body: ['申报地区为重庆市和四川省，均为新增项目。'],
      relatedItems: ['川剧'],
      verification: 'verified' as const,
      note: '川剧（Ⅳ-12，2006年第一批新增项目，重庆市、四川省申报）已核实；湘绣（湖南省长沙市）另见刺绣页。',
    };
    expect(checkThemePages([page], tables)).toEqual([]);
    expect(checkThemePages([{ ...page, body: ['重庆是否同为申报地区，本站尚未核实。'] }], tables)).toEqual([
      'sichuan-opera（川剧）: leaves open what the national list settles: 重庆是否同为申报地区，本站尚未核实',
    ]);
    // The list has 剪纸（广东剪纸） (汕头, 佛山, 潮州) and two separate 唢呐艺术 entries of 2014, not these names.
    const named = { ...page, note: '另见剪纸（潮阳剪纸）。', relatedItems: ['川剧', '唢呐艺术（临县大唢呐、灵璧菠林喇叭）'] };
    expect(unlistedEntryNames(named, tables)).toEqual(['唢呐艺术（临县大唢呐、灵璧菠林喇叭）', '剪纸（潮阳剪纸）']);
    expect(checkThemePages([named], tables)).toContain('sichuan-opera（川剧）: 剪纸（潮阳剪纸） is not an entry of the national list');
    expect(unlistedEntryNames({ ...named, note: '另见剪纸（广东剪纸）。', relatedItems: ['唢呐艺术（灵璧菠林喇叭）'] }, tables)).toEqual(
      [],
    );
  });

  it('reads the entries a theme page names with the item a named sub-entry belongs to', () => {
    const rows = relatedEntryRows({ relatedItems: ['唢呐艺术（灵璧菠林喇叭）'] }, tables);
    expect(rows.map((r) => `${r.name} ${r.batchYear} ${r.entryKind} ${r.region}`)).toEqual([
      '唢呐艺术 2006 新增项目 河南省沁阳市',
      '唢呐艺术 2006 新增项目 甘肃省庆阳市',
      '唢呐艺术（灵璧菠林喇叭） 2014 扩展项目 安徽省灵璧县',
    ]);
    expect(relatedEntryRows({ relatedItems: ['越剧'] }, tables).map((r) => r.name)).toEqual(['越剧', '越剧', '越剧（尹派）']);
  });
});
