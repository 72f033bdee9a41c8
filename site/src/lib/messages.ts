/**
 * The Chinese wording of part 2's texts that the spec gives only in English, chosen once here and
 * used everywhere (inheritors, follows, policy, workshops, donations, the personal centre, payment).
 * Part 1's texts are in Chinese in the spec already and are quoted where they are used.
 */
export const MESSAGES = {
  /** Part 2 §8's client for history and order calls. */
  request: {
    loginFirst: '请先登录',
    forbidden: '权限不足',
    notFound: '请求的资源不存在',
    serverError: (reason: string) => (reason ? `服务器错误: ${reason}` : '服务器错误'),
    failedWithStatus: (status: number, text: string) => `请求失败: ${status}${text ? ` ${text}` : ''}`,
    network: '网络错误',
    config: '请求配置错误',
  },
  inheritor: {
    /** Heading after the category title: '民间文学传承人'. */
    headingSuffix: '传承人',
    guestAlert: '您当前以游客身份浏览，登录后可查看更多传承人信息',
    noBio: '暂无简介',
    skillFeatures: '技艺特色',
    level: { national: '国家级', provincial: '省级' },
    listFailed: (reason?: string) => `获取传承人数据失败: ${reason?.trim() || '未知错误'}`,
    empty: '该类别暂无传承人',
  },
  follow: {
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
  },
  policy: {
    listFailed: '获取政策列表失败',
    listFailedLater: '获取政策列表失败，请稍后重试',
  },
  workshop: {
    ended: '活动已开始或已结束',
    bookingFailed: '预约失败，请重试',
    participantIncomplete: (n: number) => `请完整填写第 ${n} 位参与人的信息`,
    participantCount: '参与人数为 1 到 4 人',
    nameTooLong: (n: number) => `第 ${n} 位参与人的姓名不能超过 30 个字`,
    phoneInvalid: (n: number) => `第 ${n} 位参与人的手机号码不正确`,
    idcardInvalid: (n: number) => `第 ${n} 位参与人的身份证号不正确（18 位，末位校验码）`,
    alreadyBooked: '您已预约过该活动',
    booked: '已预约',
    free: '免费体验',
  },
  favourite: {
    empty: '暂无收藏',
    listFailed: '获取收藏列表失败',
    loadFailed: '加载失败',
    detailFailed: '获取详情失败',
    unsupportedType: (type: string) => `不支持的收藏类型：${type}`,
    notLoggedIn: '用户未登录',
  },
  history: {
    empty: '暂无浏览记录',
    listFailed: '获取浏览记录失败',
    unknownTime: '未知时间',
  },
  order: {
    empty: '暂无订单',
    listFailed: '获取订单列表失败',
    notPending: '该订单不是待支付状态',
    detailFailed: '获取订单详情失败',
    paymentStatusFailed: '更新支付状态失败',
    viewOrders: '查看订单',
    continueShopping: '继续购物',
  },
  /** Part 1's merchandise page and quick-buy (§4, §8), and the payment pages' own wording. */
  shop: {
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
  },
  /** The honest-demo line on the shop and payment pages. */
  demo: '演示站点：支付为模拟流程，不会产生任何真实扣款，也不会发货。',
  achievement: {
    forbidden: '无权获取成就数据，请重新登录',
    loginExpired: '登录已过期',
    failedLater: '获取成就数据失败，请稍后重试',
    updateFailed: (reason: string) => `更新成就失败: ${reason}`,
  },
  donation: {
    loginFirst: '请先登录',
    forbidden: '无权捐赠，请先登录',
    serverError: '服务器错误，请稍后重试',
    failed: '捐赠失败，请重试',
    cancelled: '捐赠已取消',
    swipeHint: '上滑了解更多',
    amountMissing: '请输入捐赠金额',
    amountTooSmall: '捐赠金额不能少于 1 元',
    amountTooLarge: '单笔捐赠金额不能超过 10000 元',
    amountWhole: '捐赠金额必须是整数（元）',
  },
  upload: {
    notImage: '请选择图片文件',
    tooLarge: '图片大小不能超过5MB',
    noFile: '请选择图片',
    badUrl: '服务器返回的图片地址无效',
  },
  profile: {
    addressIncomplete: '请完整填写省市区和详细地址',
    usernameBlank: '用户名不能为空',
  },
} as const;
