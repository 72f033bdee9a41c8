import { z } from 'zod';

// Validation messages in Chinese by default; the contract overrides them with its own fixed wording where it has
// one. Set once by the app (app.ts), never by the contract, so that importing the contract changes nothing.
// Zod's own zh-CN wording names types in English ('期望 string <=20 字符', '期望 object，实际接收 数字') and calls a
// string's length a 数值: the messages a visitor can meet are worded here, the rest stay Zod's.
const zhCN = z.locales.zhCN().localeError;

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
  undefined: '空',
  nan: '非数字',
  infinity: '无穷大',
  date: '日期',
};
const typeName = (type: string) => TYPE_NAMES[type] ?? '其他类型';

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number') return Number.isNaN(input) ? 'nan' : Number.isFinite(input) ? 'number' : 'infinity';
  return typeof input;
}

const UNITS: Record<string, string> = { string: '个字符', array: '项', set: '项', file: '字节' };

z.config({
  localeError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        // Up to '，实际接收' the message does not depend on the input (errors.ts compares that part).
        return `无效输入：期望${typeName(issue.expected)}，实际接收${typeName(typeOf(issue.input))}`;
      case 'too_big': {
        const unit = UNITS[issue.origin];
        if (unit) return `长度不能超过 ${issue.maximum.toString()} ${unit}`;
        if (['number', 'int', 'bigint'].includes(issue.origin)) {
          return issue.inclusive ? `不能大于 ${issue.maximum.toString()}` : `必须小于 ${issue.maximum.toString()}`;
        }
        return zhCN(issue);
      }
      case 'too_small': {
        const unit = UNITS[issue.origin];
        if (unit) return `长度不能少于 ${issue.minimum.toString()} ${unit}`;
        if (['number', 'int', 'bigint'].includes(issue.origin)) {
          return issue.inclusive ? `不能小于 ${issue.minimum.toString()}` : `必须大于 ${issue.minimum.toString()}`;
        }
        return zhCN(issue);
      }
      default:
        return zhCN(issue);
    }
  },
});
