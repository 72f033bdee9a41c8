/**
 * The one inline script of every page, run in <head> before the first paint: it applies 长辈模式 (so text never
 * jumps after load) and the navigation guard (so a guarded page is never shown without a login); past the guard, an
 * alias route (/order, /order/list, /user) goes on to the page it stands for. astro.config.mjs adds its hash to the
 * content security policy.
 *
 * It also keeps the first press of a form whose island has not hydrated yet (client:interaction, client:visible): a
 * submit inside an island that still carries Astro's `ssr` mark is stopped (the browser would send the form itself) and
 * given again, with the same button, once the island has hydrated (`astro:hydrate`, then a task later, so that the
 * island's first effects have run), so the first press shows what the second would. A submit button that must not
 * send anything without JavaScript is disabled in the HTML and carries SCRIPT_ENABLES: this script enables it as soon
 * as the document is parsed, its press then held as above. A press of a plain button (type="button": it does nothing
 * without JavaScript) inside an island that hydrates on load, when idle or when visible is held the same way and given
 * again once the island has hydrated, so that 预约 or 捐赠 pressed early still opens its form; client:interaction
 * islands hold their own clicks (src/directives/interaction.ts).
 */
import { GUARDED_ROUTES, ROUTE_ALIASES } from '../lib/api/rules.ts';
import { SCRIPT_ENABLES } from '../lib/ui/script-enables.ts';

export const ELDER_KEY = 'elderMode';

const KEEP_FIRST_SUBMIT = `(function(){try{var d=document;d.addEventListener('submit',function(e){var f=e.target,i=f&&f.closest&&f.closest('astro-island[ssr]');if(!i)return;e.preventDefault();if(i.__heldSubmit)return;i.__heldSubmit=1;var b=e.submitter;i.addEventListener('astro:hydrate',function(){setTimeout(function(){if(f.isConnected)f.requestSubmit(b&&b.form===f&&!b.disabled?b:null)})},{once:true})},true);d.addEventListener('click',function(e){var t=e.target,b=t&&t.closest&&t.closest('button[type=button]'),i=b&&b.closest('astro-island[ssr]');if(!i||i.getAttribute('client')==='interaction')return;e.preventDefault();e.stopPropagation();var w=!i.__heldClick;i.__heldClick=b;if(w)i.addEventListener('astro:hydrate',function(){setTimeout(function(){var h=i.__heldClick;i.__heldClick=null;if(h&&h.isConnected&&!h.disabled)h.click()})},{once:true})},true);d.addEventListener('DOMContentLoaded',function(){var l=d.querySelectorAll('astro-island[ssr] [${SCRIPT_ENABLES}]');for(var k=0;k<l.length;k++)l[k].disabled=false})}catch(e){}})();`;

// The service worker for offline reading (src/offline/service-worker.ts), registered once the page has loaded, so that it
// never competes with the page's own first files.
const REGISTER_WORKER = `(function(){try{if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})}catch(e){}})();`;

export const BOOT_SCRIPT = `(function(){try{var s=localStorage,d=document.documentElement;if(s.getItem(${JSON.stringify(ELDER_KEY)})==='1')d.setAttribute('data-elder','');var p=location.pathname.replace(/\\/+$/,'')||'/',g=${JSON.stringify(GUARDED_ROUTES)},a=${JSON.stringify(ROUTE_ALIASES)};if(g.some(function(r){return p===r||p.indexOf(r+'/')===0})&&!(s.getItem('token')&&s.getItem('user'))){var t=location.pathname+location.search+location.hash;location.replace('/login?redirect='+encodeURIComponent(t))}else if(Object.prototype.hasOwnProperty.call(a,p))location.replace(a[p])}catch(e){}})();${KEEP_FIRST_SUBMIT}${REGISTER_WORKER}`;
