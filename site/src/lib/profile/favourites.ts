/**
 * A favourite's detail view: its content as paragraphs, its pictures (split by splitImages, http
 * only), its intro video, category and province, and where its own page is.
 */
import type { FavouriteDetail } from '../api/favourite.ts';
import { splitImages } from './images.ts';

export interface FavouriteView {
  title: string;
  paragraphs: string[];
  images: string[];
  video: string;
  poster: string;
  categoryName: string;
  provinceName: string;
  /** The item's own page on this site, when it has one. */
  href: string | undefined;
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The pictures of the detail, the cover first when the list does not hold it already. */
const withCover = (cover: string, images: string[]) =>
  cover && /^https?:\/\//i.test(cover) && !images.includes(cover) ? [cover, ...images] : images;

export function favouriteView(detail: FavouriteDetail): FavouriteView {
  switch (detail.type) {
    case 'culture': {
      const c = detail.culture;
      return {
        title: c.title,
        paragraphs: paragraphs(c.content || c.description),
        images: splitImages(c.images),
        video: c.introVideo,
        poster: c.coverImage,
        categoryName: c.type ?? c.categoryName ?? '',
        provinceName: c.provinceName ?? '',
        href: `/culture/item/${c.id}`,
      };
    }
    case 'heritage': {
      const h = detail.heritage;
      return {
        title: h.title,
        paragraphs: paragraphs(h.body || h.summary),
        images: withCover(h.coverImage, []),
        video: '',
        poster: '',
        categoryName: '专题',
        provinceName: '',
        href: `/${h.slug}`,
      };
    }
    case 'news': {
      const n = detail.news;
      return {
        title: n.title,
        paragraphs: paragraphs(n.body || n.summary || n.desc),
        images: n.videoPath ? [] : withCover(n.coverImage, []),
        video: n.videoPath,
        poster: n.coverImage,
        categoryName: '资讯',
        provinceName: '',
        href: undefined,
      };
    }
    case 'product': {
      const p = detail.product;
      return {
        title: p.name,
        paragraphs: paragraphs(p.description),
        images: withCover(p.coverImage, splitImages(p.images)),
        video: '',
        poster: '',
        categoryName: p.categoryName,
        provinceName: '',
        href: '/charity',
      };
    }
  }
}
