/**
 * The Chinese message catalogue: the wording of part 2's texts that the spec gives only in English, chosen once here
 * and used everywhere: the site's islands and the API's answers (inheritors, follows, policy, workshops, donations,
 * the personal centre, payment).
 * Part 1's texts are in Chinese in the spec already and are quoted where they are used.
 *
 * One export per domain, imported as a namespace (`import * as MESSAGES`): a page's bundle keeps only the domains
 * its code reads (the shell loads on every page, so its messages must not bring the shop's and the workshops').
 */
/** Part 2 §8's client for history and order calls. */
export const request = {
  loginFirst: '请先登录',
  forbidden: '权限不足',
  notFound: '请求的资源不存在',
  serverError: (reason: string) => (reason ? `服务器错误: ${reason}` : '服务器错误'),
  failedWithStatus: (status: number, text: string) => `请求失败: ${status}${text ? ` ${text}` : ''}`,
  network: '网络错误',
  config: '请求配置错误',
} as const;

/** The site's HTTP client (site/src/lib/api): how a failed call reads wherever the caller has no words of its own. */
export const client = {
  loginFirst: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  requestFailed: '请求失败',
  network: '网络错误，请检查您的网络连接',
  config: '请求配置错误',
  badAnswer: '响应数据格式错误',
  tooLarge: '请求数据不能超过 5MB',
  answerTooLarge: '响应数据超过 5MB，已停止读取',
} as const;

/** The API's own answers (the adapter's and the CMS's) where a call fails for a reason every call shares. */
export const api = {
  loginFirst: client.loginFirst,
  sessionExpired: client.sessionExpired,
  forbidden: '无权访问该资源',
  notFound: '请求的资源不存在',
  invalid: '请求无效',
  uploadFailed: '上传失败，请稍后重试',
} as const;

export const inheritor = {
  /** Heading after the category title: '民间文学传承人'. */
  headingSuffix: '传承人',
  guestAlert: '您当前以游客身份浏览，登录后可查看更多传承人信息',
  noBio: '暂无简介',
  skillFeatures: '技艺特色',
  level: { national: '国家级', provincial: '省级' },
  listFailed: (reason?: string) => `获取传承人数据失败: ${reason?.trim() || '未知错误'}`,
  empty: '该类别暂无传承人',
  notFound: '传承人不存在',
} as const;

export const follow = {
  follow: '关注',
  unfollow: '取消关注',
  needsLogin: '请先登录后再关注传承人',
  followed: '关注成功',
  unfollowed: '已取消关注',
  failed: '操作失败',
  failedLater: '操作失败，请稍后重试',
  loginExpired: '登录已过期，请重新登录',
  confirmUnfollow: (name: string) => `确定要取消关注${name}吗？`,
  unfollowFailed: '取消关注失败，请稍后重试',
} as const;

export const policy = {
  listFailed: '获取政策列表失败',
  listFailedLater: '获取政策列表失败，请稍后重试',
} as const;

export const workshop = {
  ended: '活动已开始或已结束',
  bookingFailed: '预约失败，请重试',
  participantIncomplete: (n: number) => `请完整填写第${n}位参与者信息`,
  participantCount: '参与人数为 1 到 4 人',
  nameTooLong: (n: number) => `第 ${n} 位参与人的姓名不能超过 30 个字`,
  phoneInvalid: (n: number) => `第 ${n} 位参与人的手机号码不正确`,
  idcardInvalid: (n: number) => `第 ${n} 位参与人的身份证号不正确（18 位，末位校验码）`,
  alreadyBooked: '您已预约过该活动',
  booked: '已预约',
  free: '免费体验',
  guestNote: '未登录时，预约只保存在本机浏览器，不占用名额；登录后可同步到账户。',
  savedLocally: '预约成功！记录已保存在本机，登录后可同步到账户',
  bookedOnServer: (title: string) => `预约成功！已为您预约「${title}」`,
  syncNote: '本机只保存了脱敏的身份证号，同步时请重新填写每位参与人的身份证号。',
  syncGone: '该活动已不在预约列表中，无法同步',
  localHeading: (n: number) => `本机有 ${n} 条未同步的预约`,
  qrText: '非遗体验工坊预约（演示支付，不产生扣款）',
  demoPayment: '演示站点：支付为模拟流程，扫码不会产生任何真实扣款。',
} as const;

export const favourite = {
  empty: '暂无收藏',
  listFailed: '获取收藏列表失败',
  loadFailed: '加载失败',
  detailFailed: '获取详情失败',
  unsupportedType: (type: string) => `不支持的收藏类型：${type}`,
  notLoggedIn: '用户未登录',
} as const;

export const history = {
  empty: '暂无浏览记录',
  listFailed: '获取浏览记录失败',
  unknownTime: '未知时间',
} as const;

export const order = {
  empty: '暂无订单',
  listFailed: '获取订单列表失败',
  notPending: '该订单不是待支付状态',
  detailFailed: '获取订单详情失败',
  paymentStatusFailed: '更新支付状态失败',
  viewOrders: '查看订单',
  continueShopping: '继续购物',
} as const;

/** Part 1's merchandise page and quick-buy (§4, §8), and the payment pages' own wording. */
export const shop = {
  listFailed: '获取产品列表失败',
  detailFailed: '获取产品详情失败',
  createFailed: '创建订单失败，请重试',
  loginToBuy: '请先登录再购买',
  quickBuyFailed: (reason?: string) => `操作失败: ${reason?.trim() || '未知错误'}`,
  payFailed: (reason?: string) => `支付处理失败: ${reason?.trim() || '未知错误'}`,
  paid: '支付成功！',
  cancelled: '支付已取消',
  soldOut: '已售罄',
  empty: '没有找到相关商品',
} as const;

/** The honest-demo line on the shop and payment pages. */
export const demo = '演示站点：支付为模拟流程，不会产生任何真实扣款，也不会发货。';

export const achievement = {
  forbidden: '无权获取成就数据，请重新登录',
  loginExpired: '登录已过期',
  failedLater: '获取成就数据失败，请稍后重试',
  updateFailed: (reason: string) => `更新成就失败: ${reason}`,
  unknownType: '未知的成就类型',
} as const;

export const donation = {
  loginFirst: '请先登录',
  forbidden: '无权捐赠，请先登录',
  serverError: '服务器错误，请稍后重试',
  failed: '捐赠失败，请重试',
  cancelled: '捐赠已取消',
  succeeded: '捐赠成功',
  thanks: (project: string, amount: string) => `感谢您向「${project}」捐赠 ${amount}！`,
  demo: '演示站点：以下公益项目是为展示而设的示例，并非正在运行的真实项目，也没有合作机构；支付为模拟流程，不会产生任何真实扣款。',
  qrText: '非遗公益捐赠（演示支付，不产生扣款）',
  feedEmpty: '还没有捐赠记录',
  feedFailed: '获取捐赠记录失败',
  projectsFailed: '获取公益项目失败',
  swipeHint: '上滑了解更多',
  amountMissing: '请输入捐赠金额',
  amountTooSmall: '捐赠金额不能少于 1 元',
  amountTooLarge: '单笔捐赠金额不能超过 10000 元',
  amountWhole: '捐赠金额必须是整数（元）',
} as const;

export const upload = {
  notImage: '请选择图片文件',
  tooLarge: '图片大小不能超过5MB',
  noFile: '请选择图片',
  badUrl: '服务器返回的图片地址无效',
  /** The upload store (S3 or a compatible service) could not take the file: nothing was saved. */
  storeUnavailable: '图片存储暂时不可用，图片未保存，请稍后再试',
} as const;

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
