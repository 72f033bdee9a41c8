import { describe, expect, it } from 'vitest';
import { pageAddress, robotsTxt, sitemapXml, staticPagePaths } from './sitemap.ts';

describe('sitemap.xml', () => {
  it('lists the pages without parameters from their files, leaving out the personal and sign-in pages', () => {
    expect(
      staticPagePaths([
        './index.astro',
        './policy.astro',
        './minglu/index.astro',
        './minglu/[slug].astro',
        './[heritage].astro',
        './login.astro',
        './register.astro',
        './404.astro',
        './profile.astro',
        './payment/index.astro',
        './mobile/payment.astro',
        './pay-success.astro',
        './order/list.astro',
        './charity.astro',
      ]),
    ).toEqual(['/', '/charity/', '/minglu/', '/policy/']);
  });

  it('writes each page once at the address its canonical link names', () => {
    const xml = sitemapXml('https://feiyi.example', ['/', '/minglu/iv-28', '/minglu/iv-28/', '/culture/item/12', '/profile', '/a&b']);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://feiyi.example/</loc></url>',
        '  <url><loc>https://feiyi.example/minglu/iv-28/</loc></url>',
        '  <url><loc>https://feiyi.example/culture/item/12/</loc></url>',
        '  <url><loc>https://feiyi.example/a&amp;b/</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('ends every page address with a slash, as the built site answers', () => {
    expect(pageAddress('/area/3')).toBe('/area/3/');
    expect(pageAddress('/')).toBe('/');
    expect(pageAddress('/minglu?province=北京')).toBe('/minglu/');
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the API and the personal pages', () => {
    const text = robotsTxt('https://feiyi.example');
    expect(text).toContain('Sitemap: https://feiyi.example/sitemap.xml');
    for (const path of ['/api/', '/profile', '/payment', '/order', '/user']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});
