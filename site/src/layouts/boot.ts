/**
 * The one inline script of every page, run in <head> before the first paint: it applies 长辈模式 (so text never
 * jumps after load) and the navigation guard (so a guarded page is never shown without a login); past the guard, an
 * alias route (/order, /order/list, /user) goes on to the page it stands for. astro.config.mjs adds its hash to the
 * content security policy.
 */
import { GUARDED_ROUTES, ROUTE_ALIASES } from '../lib/api/rules.ts';

export const ELDER_KEY = 'elderMode';

export const BOOT_SCRIPT = `(function(){try{var s=localStorage,d=document.documentElement;if(s.getItem(${JSON.stringify(ELDER_KEY)})==='1')d.setAttribute('data-elder','');var p=location.pathname.replace(/\\/+$/,'')||'/',g=${JSON.stringify(GUARDED_ROUTES)},a=${JSON.stringify(ROUTE_ALIASES)};if(g.some(function(r){return p===r||p.indexOf(r+'/')===0})&&!(s.getItem('token')&&s.getItem('user'))){var t=location.pathname+location.search+location.hash;location.replace('/login?redirect='+encodeURIComponent(t))}else if(Object.prototype.hasOwnProperty.call(a,p))location.replace(a[p])}catch(e){}})();`;
