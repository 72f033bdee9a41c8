import type { Core } from '@strapi/strapi';
import { uploadRefusal } from '../media/upload-rules';

interface UploadedFile {
  originalFilename?: string | null;
}
interface UploadContext {
  path: string;
  method: string;
  request: { files?: Record<string, UploadedFile | UploadedFile[]> };
}

/** The name of the one file a request uploaded (undefined for none or several). */
function onlyFileName(ctx: UploadContext): string | undefined {
  const files = Object.values(ctx.request.files ?? {}).flat();
  return files.length === 1 ? (files[0]!.originalFilename ?? undefined) : undefined;
}

/**
 * An upload the plugin refuses (too large, a type not accepted) answers in Chinese with the file's name and the
 * rules, in the media library and through the API alike. Placed inside strapi::errors, which formats the answer.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => async (ctx: UploadContext, next: () => Promise<void>) => {
  try {
    await next();
  } catch (error) {
    const refusal =
      ctx.method === 'POST' && /^\/(api\/)?upload/.test(ctx.path) ? uploadRefusal(error as Error, onlyFileName(ctx)) : undefined;
    if (refusal && error instanceof Error) error.message = refusal;
    throw error;
  }
};
