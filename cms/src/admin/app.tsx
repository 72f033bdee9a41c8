// The editors' admin panel speaks Chinese (editors can still switch language in their profile).
export default {
  config: {
    locales: ['zh-Hans'],
    translations: {
      'zh-Hans': {
        'Auth.form.welcome.title': '非遗中国 · 内容后台',
        'Auth.form.welcome.subtitle': '登录以编辑文化条目、传承人与商品',
      },
    },
  },
  bootstrap() {},
};
