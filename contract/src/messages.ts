/**
 * The Chinese message catalogue: texts worded once here and used everywhere: the site's islands and the API's answers
 * (inheritors, follows, policy, workshops, donations, the personal centre, payment).
 * Other fixed Chinese texts are quoted where they are used.
 *
 * One module per domain (messages/…), imported as a namespace (`import * as MESSAGES`): a bundler places a module in
 * one chunk, whole, so one module for all domains put every domain's texts in the chunk the shell shares with the
 * islands (≈ 26 KB gzip on every page); per domain, a page's bundle keeps only the domains its code reads.
 */
export { request } from './messages/request.ts';
export { client } from './messages/client.ts';
export { api } from './messages/api.ts';
export { inheritor } from './messages/inheritor.ts';
export { follow } from './messages/follow.ts';
export { policy } from './messages/policy.ts';
export { workshop } from './messages/workshop.ts';
export { favourite } from './messages/favourite.ts';
export { history } from './messages/history.ts';
export { order } from './messages/order.ts';
export { shop } from './messages/shop.ts';
export { demo } from './messages/demo.ts';
export { achievement } from './messages/achievement.ts';
export { donation } from './messages/donation.ts';
export { upload } from './messages/upload.ts';
export { profile } from './messages/profile.ts';
