import { describe, expect, it } from 'vitest';
import { fetchFavouriteDetail } from '../api/favourite.ts';
import { favouriteView } from './favourites.ts';

const culture = {
  id: 12,
  title: '昆曲',
  content: '第一段\n\n 第二段 ',
  coverImage: 'http://x/cover.svg',
  images: 'http://x/1.svg;http://x/2.svg, /local.svg',
  introVideo: 'http://x/v.mp4',
  categoryId: 67,
  categoryName: '戏剧',
  type: '传统戏剧',
  viewCount: 0,
  description: '简介',
  tagNames: [],
  provinceId: 10,
  provinceName: '江苏',
  provinces: [{ id: 10, name: '江苏' }],
  facts: null,
  publishedAt: null,
};

describe('the detail view of a favourite', () => {
  it('shows a culture item with its content, pictures, video, category and province', () => {
    expect(favouriteView({ type: 'culture', culture })).toEqual({
      title: '昆曲',
      paragraphs: ['第一段', '第二段'],
      images: ['http://x/1.svg', 'http://x/2.svg'],
      video: 'http://x/v.mp4',
      poster: 'http://x/cover.svg',
      categoryName: '传统戏剧',
      provinceName: '江苏',
      href: '/culture/item/12',
    });
  });

  it("shows a product's JSON list of pictures after its cover", () => {
    const view = favouriteView({
      type: 'product',
      product: {
        id: 3,
        name: '宣纸信笺',
        description: '一套信笺',
        price: 39,
        stock: 10,
        coverImage: 'http://x/c.svg',
        images: '["http://x/c.svg","http://x/d.svg"]',
        categoryId: 1,
        categoryName: '数字文创',
        relatedItem: '宣纸',
      },
    });
    expect(view.images).toEqual(['http://x/c.svg', 'http://x/d.svg']);
    expect(view).toMatchObject({ categoryName: '数字文创', paragraphs: ['一套信笺'], href: '/charity' });
  });

  it('links a heritage page to its own address', () => {
    const view = favouriteView({
      type: 'heritage',
      heritage: {
        id: 1,
        slug: 'kunqu-opera',
        title: '昆曲',
        subtitle: '',
        summary: '摘要',
        body: '',
        coverImage: 'http://x/k.svg',
        verification: 'verified',
        note: '',
        relatedCultures: [],
      },
    });
    expect(view).toMatchObject({ href: '/kunqu-opera', paragraphs: ['摘要'], images: ['http://x/k.svg'] });
  });

  it('refuses an unsupported type with the spec’s message', async () => {
    await expect(fetchFavouriteDetail('poem', 1)).rejects.toThrow('不支持的收藏类型：poem');
  });
});
