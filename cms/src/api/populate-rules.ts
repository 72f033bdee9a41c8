// What each public read returns with its document. Media carry only what clients render (formats: the sized
// AVIF and WebP copies the site's pictures choose from).
const media = { fields: ['url', 'mime', 'alternativeText', 'width', 'height', 'formats'] };

export const POPULATE = {
  culture: {
    cover: media,
    images: media,
    introVideo: media,
    category: { fields: ['code', 'name', 'officialName', 'sort'] },
    province: { fields: ['pid', 'name', 'shortName'] },
    tags: true,
    listing: true,
  },
  category: {},
  province: {},
  inheritor: {
    images: media,
    category: { fields: ['code', 'name', 'officialName'] },
    province: { fields: ['pid', 'name', 'shortName'] },
  },
  'national-entry': {
    category: { fields: ['code', 'name', 'officialName'] },
    province: { fields: ['pid', 'name', 'shortName'] },
    culture: { fields: ['pid', 'title', 'slug'] },
  },
  policy: {},
  'timeline-entry': { policy: { fields: ['pid', 'title', 'pubDate'] } },
  'news-item': { cover: media, video: media },
  product: { cover: media, images: media },
  'donation-project': { cover: media },
  workshop: { image: media, highlights: true },
  'heritage-page': { cover: media, relatedCultures: { fields: ['pid', 'title', 'slug'] } },
  'home-page': {
    hotCultures: { fields: ['pid', 'title'] },
    showcaseInheritors: { fields: ['pid', 'name'] },
  },
} as const;

export const withPopulate = (name: keyof typeof POPULATE) => ({
  middlewares: [{ name: 'global::public-read', config: { populate: POPULATE[name] } }],
});
