import type { Core } from '@strapi/strapi';
import { COMPONENT_LABELS, DESCRIPTIONS } from './admin-descriptions';

/**
 * Chinese field labels, title fields and list columns for the editors' admin. Applied once per
 * LABELS_VERSION; what editors change later in "Configure the view" stays theirs. The visitors'
 * records (orders, donations, bookings …) are set up in admin-user-data.ts.
 */
const LABELS_VERSION = 5;
export const COMMON: Record<string, string> = {
  id: '序号',
  pid: '编号',
  slug: '标识（URL）',
  title: '标题',
  name: '名称',
  description: '简介',
  content: '正文',
  cover: '封面',
  images: '图片',
  image: '图片',
  category: '类别',
  province: '省份',
  sort: '排序',
  source: '出处',
  user: '用户',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  publishedAt: '发布时间',
};

const LABELS: Record<
  string,
  {
    labels: Record<string, string>;
    descriptions?: Record<string, string>;
    mainField?: string;
    list?: string[];
    /** The list's order: newest first for the audit trail. */
    sort?: { by: string; order: 'ASC' | 'DESC' };
  }
> = {
  'api::category.category': {
    labels: { code: '类别编号（66–75）', name: '显示名', officialName: '名录门类', cultures: '文化条目', inheritors: '传承人' },
    mainField: 'name',
    list: ['code', 'name', 'officialName', 'sort'],
  },
  'api::province.province': {
    labels: {
      name: '全称',
      shortName: '简称',
      code: '拼音代码',
      adcode: '行政区划代码',
      culture: '文化简介',
      cultures: '以此为主要省份的文化条目',
      inheritors: '传承人',
    },
    mainField: 'name',
    list: ['pid', 'name', 'shortName', 'code'],
  },
  'api::culture.culture': {
    labels: {
      introVideo: '介绍视频',
      viewCount: '浏览量',
      tags: '标签',
      listing: '名录信息',
      nationalEntries: '国家级名录条目',
      province: '主要省份',
    },
    descriptions: {
      province:
        '卡片与项目档案显示的省份。项目只在一个省份申报时填该省；在几个省份申报时，只有公认的发源地或中心才填（如昆曲填江苏、越剧填浙江），不能确定就留空，网站改为列出全部省份。条目出现在哪些省份页，由国家级名录中与标题同名（或为其子项）的条目的申报省份决定，另加这里填的省份。',
    },
    mainField: 'title',
    list: ['pid', 'title', 'category', 'province', 'viewCount'],
  },
  'api::inheritor.inheritor': {
    labels: {
      name: '姓名',
      item: '代表性项目',
      skillType: '技艺类型',
      level: '级别',
      batch: '认定批次',
      batchYear: '认定年份',
      gender: '性别',
      birthYear: '出生年份',
      introduction: '简介',
      skillFeatures: '技艺特色',
      itemSerial: '项目编号',
      region: '申报地区或单位',
      ethnicity: '民族',
      importKey: '导入键（名录导入用，请勿修改）',
    },
    mainField: 'name',
    list: ['pid', 'name', 'skillType', 'itemSerial', 'province', 'batchYear'],
  },
  'api::national-entry.national-entry': {
    labels: {
      serial: '项目编号',
      name: '项目名称',
      batchYear: '公布年份（批次）',
      entryKind: '类型（新增或扩展）',
      region: '申报地区或单位',
      province: '所属省份（国家级单位为空）',
      culture: '文化条目',
      importKey: '导入键（名录导入用，请勿修改）',
    },
    mainField: 'name',
    // Not entryKind: Strapi's list shows an enumeration's raw value (new, extension); the edit view translates it.
    list: ['serial', 'name', 'category', 'batchYear', 'region', 'province'],
  },
  'api::policy.policy': {
    labels: { content: '内容', pubDate: '发布日期', datePrecision: '日期精度', issuer: '发布机关', docNumber: '文号' },
    mainField: 'title',
    list: ['pid', 'title', 'pubDate', 'issuer'],
  },
  'api::timeline-entry.timeline-entry': {
    labels: { year: '年份', passage: '说明', policy: '对应政策', note: '编者注' },
    mainField: 'title',
    list: ['year', 'title'],
  },
  'api::news-item.news-item': {
    labels: { summary: '摘要', desc: '导语', body: '正文', date: '日期', video: '视频' },
    mainField: 'title',
    list: ['pid', 'title', 'date'],
  },
  'api::product.product': {
    labels: { price: '价格（元）', stock: '库存', categoryId: '类别（1 数字文创，2 文化体验）', relatedItem: '相关非遗项目' },
    mainField: 'name',
    list: ['pid', 'name', 'price', 'stock', 'categoryId'],
  },
  'api::donation-project.donation-project': {
    labels: { targetAmount: '目标金额（元）', beneficiary: '受益对象', relatedItem: '相关非遗项目' },
    mainField: 'title',
    list: ['pid', 'title', 'targetAmount'],
  },
  'api::workshop.workshop': {
    labels: {
      price: '单价（元/人）',
      seats: '名额',
      seatsBooked: '已预约',
      startTime: '开始时间',
      durationMinutes: '时长（分钟）',
      location: '地点',
      highlights: '亮点',
    },
    mainField: 'title',
    list: ['pid', 'title', 'price', 'seats', 'seatsBooked', 'startTime'],
  },
  'api::heritage-page.heritage-page': {
    labels: {
      subtitle: '副标题',
      summary: '摘要',
      body: '正文',
      relatedCultures: '相关文化条目',
      verification: '核实状态',
      note: '核实说明',
    },
    mainField: 'title',
    list: ['pid', 'slug', 'title', 'verification'],
  },
  // The visitors' accounts (users-permissions): shown to the super admin only, every label in Chinese.
  'plugin::users-permissions.user': {
    labels: {
      username: '用户名',
      email: '邮箱',
      provider: '登录方式',
      password: '密码',
      resetPasswordToken: '重置密码令牌',
      confirmationToken: '确认令牌',
      confirmed: '已确认',
      blocked: '已停用',
      role: '角色',
      avatar: '头像',
      backgroundImage: '背景图',
      address: '收货地址',
    },
    mainField: 'username',
    list: ['username', 'email', 'confirmed', 'blocked', 'createdAt'],
  },
  'api::audit-entry.audit-entry': {
    labels: {
      action: '操作',
      actorName: '操作人',
      actorEmail: '操作人邮箱',
      actorRole: '操作人角色',
      ip: '来源网络地址',
      contentTypeName: '内容类型',
      contentType: '内容类型代码',
      targetDocumentId: '条目文档编号',
      targetTitle: '条目',
      detail: '详情',
      createdAt: '时间',
    },
    mainField: 'action',
    list: ['createdAt', 'action', 'actorName', 'contentTypeName', 'targetTitle', 'ip'],
    sort: { by: 'createdAt', order: 'DESC' },
  },
  'api::home-page.home-page': {
    labels: {
      heroTitle: '主标题',
      heroSubtitle: '副标题',
      hotCultures: '热门项目（9 个，按顺序）',
      showcaseInheritors: '展示的传承人（5 位，按顺序）',
    },
  },
};

interface Metadata {
  edit?: { label?: string; description?: string; editable?: boolean; visible?: boolean };
  list?: { label?: string };
}
export interface Configuration {
  settings: Record<string, unknown> & { mainField?: string };
  metadatas: Record<string, Metadata>;
  layouts: Record<string, unknown> & { list?: string[] };
}

export async function applyAdminLabels(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'core', name: 'portal' });
  if ((await store.get({ key: 'admin-labels-version' })) === LABELS_VERSION) return;
  const contentTypes = strapi.plugin('content-manager').service('content-types') as {
    findContentType(uid: string): { uid: string } | undefined;
    findConfiguration(contentType: { uid: string }): Promise<Configuration>;
    updateConfiguration(contentType: { uid: string }, configuration: Configuration): Promise<unknown>;
  };
  for (const [uid, { labels, descriptions, mainField, list, sort }] of Object.entries(LABELS)) {
    const contentType = contentTypes.findContentType(uid);
    if (!contentType) continue;
    const configuration = await contentTypes.findConfiguration(contentType);
    for (const [field, metadata] of Object.entries(configuration.metadatas)) {
      const description = descriptions?.[field] ?? DESCRIPTIONS[uid]?.[field];
      if (metadata.edit && description) metadata.edit.description = description;
      const label = labels[field] ?? COMMON[field];
      if (!label) continue;
      if (metadata.edit) metadata.edit.label = label;
      // The import's own bookkeeping: shown, never edited (a changed key would re-import the record).
      if (metadata.edit && field === 'importKey') metadata.edit.editable = false;
      if (metadata.list) metadata.list.label = label;
    }
    if (mainField && configuration.metadatas[mainField]) configuration.settings.mainField = mainField;
    if (list) configuration.layouts.list = ['id', ...list.filter((field) => configuration.metadatas[field])];
    if (sort) Object.assign(configuration.settings, { defaultSortBy: sort.by, defaultSortOrder: sort.order });
    await contentTypes.updateConfiguration(contentType, {
      settings: configuration.settings,
      metadatas: configuration.metadatas,
      layouts: configuration.layouts,
    });
  }
  const components = strapi.plugin('content-manager').service('components') as {
    findComponent(uid: string): { uid: string } | undefined;
    findConfiguration(component: { uid: string }): Promise<Configuration>;
    updateConfiguration(component: { uid: string }, configuration: Configuration): Promise<unknown>;
  };
  for (const [uid, { labels, descriptions, mainField }] of Object.entries(COMPONENT_LABELS)) {
    const component = components.findComponent(uid);
    if (!component) continue;
    const configuration = await components.findConfiguration(component);
    for (const [field, metadata] of Object.entries(configuration.metadatas)) {
      if (labels[field] && metadata.edit) metadata.edit.label = labels[field];
      if (descriptions[field] && metadata.edit) metadata.edit.description = descriptions[field];
      if (labels[field] && metadata.list) metadata.list.label = labels[field];
    }
    configuration.settings.mainField = mainField;
    await components.updateConfiguration(component, {
      settings: configuration.settings,
      metadatas: configuration.metadatas,
      layouts: configuration.layouts,
    });
  }
  await store.set({ key: 'admin-labels-version', value: LABELS_VERSION });
}
