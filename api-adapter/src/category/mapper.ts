import { z } from 'zod';

// What Strapi answers for one of the ten categories of the national list (the CMS type `category`); culture items
// and inheritors both carry one.
export const strapiCategory = z.object({
  code: z.number().int(),
  name: z.string(),
  officialName: z.string(),
  sort: z.number().int().nullable().optional(),
  description: z.string().nullable().optional(),
});
