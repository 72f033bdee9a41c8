import type { AstroGlobal } from 'astro';
import type { PreviewFrame } from '@feiyi/contract';

/**
 * Lets the content manager show the preview in its side panel's frame, and no one else: an on-demand page's CSP is a
 * response header (a static page's is a meta tag, where frame-ancestors would not count), so it can say who frames it.
 */
export function allowAdminFrame(astro: AstroGlobal, frame: PreviewFrame): void {
  // Undefined only when the site's CSP is turned off (astro.config.mjs turns it on).
  astro.csp?.insertDirective(`frame-ancestors 'self' ${frame.adminOrigin}`);
}
