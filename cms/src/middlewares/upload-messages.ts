import type { Core } from '@strapi/strapi';
import { uploadRefusal } from '../media/upload-rules';
import { PortalError } from '../portal/http';

interface UploadedFile {
  originalFilename?: string | null;
}
interface UploadContext {
  path: string;
  method: string;
  status: number;
  body: unknown;
  request: { files?: Record<string, UploadedFile | UploadedFile[]> };
}

/** The name of the one file a request uploaded (undefined for none or several). */
function onlyFileName(ctx: UploadContext): string | undefined {
  const files = Object.values(ctx.request.files ?? {}).flat();
  return files.length === 1 ? (files[0]!.originalFilename ?? undefined) : undefined;
}

/**
 * An upload the plugin refuses (too large, a type not accepted) answers in Chinese with the file's name and the
 * rules, in the media library and through the API alike; one the store could not take (src/media/upload-store.ts)
 * answers 503 with its reason. Placed inside strapi::errors, which formats the other answers.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => async (ctx: UploadContext, next: () => Promise<void>) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof PortalError) {
      ctx.status = error.status;
      ctx.body = { data: null, error: { status: error.status, name: 'PortalError', message: error.message, details: {} } };
      return;
    }
    const refusal =
      ctx.method === 'POST' && /^\/(api\/)?upload/.test(ctx.path) ? uploadRefusal(error as Error, onlyFileName(ctx)) : undefined;
    if (refusal && error instanceof Error) error.message = refusal;
    throw error;
  }
};
