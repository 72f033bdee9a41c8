import { api } from './api.ts';

export const profile = {
  addressIncomplete: '请填写完整的省市区和详细地址',
  usernameBlank: '用户名不能为空',
  addressTooLong: '详细地址不能超过 200 个字',
  addressSaved: '地址已保存',
  usernameSaved: '用户名已更新',
  avatarSaved: '头像已更新',
  backgroundSaved: '背景已更新',
  uploadFailed: api.uploadFailed,
  saveFailed: '保存失败，请稍后重试',
  followEmpty: '还没有关注的传承人',
  followFailed: '获取关注列表失败',
  unfollowed: '已取消关注',
  bookingsEmpty: '暂无预约',
  bookingsFailed: '获取预约记录失败',
  localBookings: '本机保存的预约（尚未同步到账户）',
  statsFailed: '获取统计数据失败',
  historyLocal: '以下是本机保存的浏览记录',
  chartEmpty: '关注传承人、收藏或浏览非遗内容后，这里会显示您的兴趣分布。',
  chartFailed: '兴趣分布暂时无法显示',
  retry: '重试',
} as const;
