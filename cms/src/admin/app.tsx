import zhHans from './translations/zh-Hans.json';
import { HistoryPanel } from './history/HistoryPanel';
import { SchedulePanel } from './schedule/SchedulePanel';

// The editors' admin speaks Chinese. Strapi ships a partial zh-Hans; translations/zh-Hans.json fills in
// every string the screens of 内容编辑 and 运营 show (keys from Strapi's own en.json files, plugin keys
// prefixed with the plugin id), checked by tests/e2e/admin-chinese.spec.ts. Editors may still pick
// English in their profile.
const LANGUAGE_KEY = 'strapi-admin-language';

/**
 * Strapi keeps a dismissed banner per instance id (package.json sets `uuid: false`) and per media-library
 * flag; these are the keys of the "Introducing the new Media Library" banner, dismissed in advance.
 */
const MEDIA_LIBRARY_BANNER_KEYS = ['true', 'false'].flatMap((legacy) =>
  ['false', 'undefined'].map((uuid) => `STRAPI_MEDIA_LIBRARY_BANNER_DISMISSED_FOR_${legacy}:${uuid}`),
);

/**
 * Labels for screen readers that Strapi's components set in English with no message id: sonner's
 * toast region (“Notifications alt+T”), the design system's pagination and date-time input, and the content-manager's
 * status badges. Relabelled as they appear.
 */
const ARIA_LABELS: Array<[selector: string, label: string]> = [
  ['section[aria-label^="Notifications"]', '通知（Alt+T）'],
  ['nav[aria-label="Pagination"]', '分页'],
  // The date-time input's two halves.
  ['[aria-label="Choose date"]', '选择日期'],
  ['[aria-label="Choose time"]', '选择时间'],
  ['[aria-label="清除 date"]', '清除日期'],
  ['[aria-label="清除 time"]', '清除时间'],
  // The Markdown editor (CodeMirror's screen-reader label).
  ['[aria-label="Editor"]', '正文编辑器'],
  // A document's status badge is labelled with the raw status.
  ['[role="status"][aria-label="published"]', '已发布'],
  ['[role="status"][aria-label="draft"]', '草稿'],
  ['[role="status"][aria-label="modified"]', '已修改'],
];

function relabelForScreenReaders() {
  const relabel = () => {
    for (const [selector, label] of ARIA_LABELS) {
      for (const element of document.querySelectorAll(selector)) {
        const previous = element.getAttribute('aria-label');
        element.setAttribute('aria-label', label);
        // An icon button also carries its label as visually hidden text.
        for (const span of element.querySelectorAll('span')) if (previous && span.textContent === previous) span.textContent = label;
      }
    }
  };
  relabel();
  new MutationObserver(relabel).observe(document.body, { childList: true, subtree: true });
}

/** The widget's icon: a globe, drawn like the design system's icons (currentColor, 1 em). */
function GlobeIcon(props: Record<string, unknown>) {
  return (
    <svg viewBox="0 0 32 32" width="1rem" height="1rem" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M16 3a13 13 0 1 0 0 26 13 13 0 0 0 0-26Zm9.9 12h-4.4a20.6 20.6 0 0 0-2.2-9.2A11 11 0 0 1 25.9 15ZM16 27c-1.4-1.5-3.2-5-3.5-10h7c-.3 5-2.1 8.5-3.5 10Zm-3.5-12c.3-5 2.1-8.5 3.5-10 1.4 1.5 3.2 5 3.5 10h-7Zm.2-9.2A20.6 20.6 0 0 0 10.5 15H6.1a11 11 0 0 1 6.6-9.2ZM6.1 17h4.4a20.6 20.6 0 0 0 2.2 9.2A11 11 0 0 1 6.1 17Zm13.2 9.2a20.6 20.6 0 0 0 2.2-9.2h4.4a11 11 0 0 1-6.6 9.2Z" />
    </svg>
  );
}

/** The schedule widget's icon: a clock. */
function ClockIcon(props: Record<string, unknown>) {
  return (
    <svg viewBox="0 0 32 32" width="1rem" height="1rem" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M16 3a13 13 0 1 0 0 26 13 13 0 0 0 0-26Zm0 24a11 11 0 1 1 0-22 11 11 0 0 1 0 22Zm1-18h-2v8.4l6.3 3.8 1-1.7-5.3-3.2V9Z" />
    </svg>
  );
}

/** The backup widget's icon: an archive box. */
function ArchiveIcon(props: Record<string, unknown>) {
  return (
    <svg viewBox="0 0 32 32" width="1rem" height="1rem" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M4 5h24v7h-1v15H5V12H4V5Zm3 7v13h18V12H7Zm-1-5v3h20V7H6Zm6 8h8v2h-8v-2Z" />
    </svg>
  );
}

/** The operators' desk's icon: a bar chart. */
function ChartIcon(props: Record<string, unknown>) {
  return (
    <svg viewBox="0 0 32 32" width="1rem" height="1rem" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M4 4h2v22h22v2H4V4Zm5 12h4v8H9v-8Zm6-6h4v14h-4V10Zm6 3h4v11h-4V13Z" />
    </svg>
  );
}

interface SiteStatusWidgetArgs {
  id: string;
  permissions?: Array<{ action: string; subject?: string }>;
  icon: (props: Record<string, unknown>) => JSX.Element;
  title: { id: string; defaultMessage: string };
  component: () => Promise<() => JSX.Element>;
}

export default {
  config: {
    locales: ['zh-Hans'],
    translations: { 'zh-Hans': zhHans },
    // No release notes, guided tour or marketing: the editors' screens show their content only.
    notifications: { releases: false },
    tutorials: false,
  },
  register(app: { widgets: { register: (widget: SiteStatusWidgetArgs) => void } }) {
    // The editors' first question after publishing: is it on the site yet?
    app.widgets.register({
      id: 'site-status',
      icon: GlobeIcon,
      title: { id: 'feiyi.site-status.title', defaultMessage: '网站发布状态' },
      component: async () => (await import('./site-status/SiteStatusWidget')).default,
    });
    // Its neighbour for the 超级管理员 only: did last night's backup work?
    app.widgets.register({
      id: 'backup-status',
      icon: ArchiveIcon,
      title: { id: 'feiyi.backup-status.title', defaultMessage: '数据备份' },
      component: async () => (await import('./backup-status/BackupStatusWidget')).default,
      // Strapi shows a widget to whoever holds these permissions (its `roles` field is not honoured): managing roles is
      // the 超级管理员's alone, the 内容编辑 and 运营 roles never get it.
      permissions: [{ action: 'admin::roles.update' }],
    });
    // The operators' desk: the day's and the month's takings, what runs short, what is about to lapse, the shipping export.
    app.widgets.register({
      id: 'desk',
      icon: ChartIcon,
      title: { id: 'feiyi.desk.title', defaultMessage: '运营工作台' },
      component: async () => (await import('./desk/DeskWidget')).default,
      // Reading orders: 运营 and the 超级管理员 hold it, the 内容编辑 never does (bootstrap/admin-roles.ts); the routes
      // check the same permission (desk/route.ts).
      permissions: [{ action: 'plugin::content-manager.explorer.read', subject: 'api::order.order' }],
    });
    // What is set to go live or come down, and when (cms/src/schedule/): for whoever may publish (内容编辑, 超级管理员).
    app.widgets.register({
      id: 'schedule',
      icon: ClockIcon,
      title: { id: 'feiyi.schedule.title', defaultMessage: '定时发布' },
      component: async () => (await import('./schedule/ScheduleWidget')).default,
      permissions: [{ action: 'plugin::content-manager.explorer.publish', subject: 'api::culture.culture' }],
    });
    // Runs before the first render: Chinese unless the editor chose otherwise (Strapi falls back to English).
    if (!localStorage.getItem(LANGUAGE_KEY)) localStorage.setItem(LANGUAGE_KEY, 'zh-Hans');
    for (const key of MEDIA_LIBRARY_BANNER_KEYS) localStorage.setItem(key, 'true');
    // Strapi's pages set their own titles (“内容管理 | Strapi”); the sign-in page keeps the document's.
    document.title = '非遗中国 · 内容后台';
    relabelForScreenReaders();
  },
  bootstrap(app: { getPlugin(id: string): { apis: { addEditViewSidePanel(panels: unknown[]): void } } }) {
    // Version history and scheduled publishing in the edit view's side panel (cms/src/history/, cms/src/schedule/).
    app.getPlugin('content-manager').apis.addEditViewSidePanel([HistoryPanel, SchedulePanel]);
  },
};
