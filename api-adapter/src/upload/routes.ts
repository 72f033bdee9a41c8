import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ERROR_CODES } from '@feiyi/contract/common';
import { AVATAR_UPLOAD, PROFILE_IMAGE_UPLOAD, type UploadRule } from '@feiyi/contract/upload-rules';
import { absoluteUrl } from '../shared/media.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { type Deps, uploadUrlOf } from '../shared/deps.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { tableRoute } from '../http/route-table.ts';

const tooLarge = (rule: UploadRule) => new ApiError(413, ERROR_CODES.payloadTooLarge, rule.messages.tooLarge);

/**
 * What a failure to read the multipart body tells the visitor. The parser's own refusals (too many fields, a field named
 * __proto__) keep their 4xx; what busboy throws without one is a body it could not read to its end (cut short, without
 * its boundary, or with one the body does not use): the client's 400, never a 500 of ours.
 */
function multipartRefusal(error: unknown, rule: UploadRule): unknown {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(rule);
  if (code === 'FST_FILES_LIMIT') return ApiError.badRequest(MESSAGES.upload.oneFileOnly);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return Object.assign(ApiError.badRequest(MESSAGES.upload.incomplete), { cause: error });
}

/**
 * Reads the one uploaded file within the size limit and decides its type by its bytes (never its
 * name or declared type): a text file renamed .png is refused; SVG, which can carry scripts, too.
 * The body is read to its end: a second file is refused rather than dropped, a cut-off body is refused.
 */
async function readImage(request: FastifyRequest, rule: UploadRule) {
  if (!request.isMultipart()) throw ApiError.badRequest(rule.messages.missing);
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      data = await part.toBuffer();
      // toBuffer only throws when it sees the truncation while reading; under load the last chunk can be read
      // before busboy marks the stream truncated, and the cut-off file would then be stored as if it were whole.
      if (part.file.truncated) throw tooLarge(rule);
    }
  } catch (error) {
    throw multipartRefusal(error, rule);
  }
  if (!data || data.length === 0) throw ApiError.badRequest(rule.messages.missing);
  const detected = await fileTypeFromBuffer(data);
  const type = rule.types.find((t) => t.mime === detected?.mime);
  if (!type) throw new ApiError(415, ERROR_CODES.unsupportedMedia, rule.messages.wrongType);
  return { data, mime: type.mime, filename: `upload-${Date.now()}.${type.ext}` };
}

export const uploadRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, config }) => {
  const tags = ['上传'];
  const store = async (file: Awaited<ReturnType<typeof readImage>>) => {
    const url = absoluteUrl(config.PUBLIC_URL, (await cms.upload(file)).url);
    // The saves (/api/user/avatar, /api/user/background) take what this answers: an address they would refuse means the
    // adapter's S3_PUBLIC_URL is not the CMS's.
    if (uploadUrlOf(url, config) === undefined)
      app.log.error({ url }, 'the CMS stored the upload at an address the saves refuse: set the adapter’s S3_PUBLIC_URL to the CMS’s');
    return url;
  };

  app.route({
    ...tableRoute(
      'upload.avatar',
      {
        tags,
        summary: '上传注册头像',
        description:
          'multipart/form-data，字段名任意，一个文件；JPG 或 PNG，不超过 2MB（按文件内容判断类型）。无需登录（注册前上传），按 IP 限流。答复 data 为图片地址。',
        consumes: ['multipart/form-data'],
      },
      { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    ),
    handler: async (request) => ok(await store(await readImage(request, AVATAR_UPLOAD)), '头像上传成功'),
  });

  app.route({
    ...tableRoute('upload.profileImage', {
      tags,
      summary: '上传头像或背景图',
      description:
        'multipart/form-data，一个图片文件（JPG、PNG、WebP 或 GIF），不超过 5MB。答复 data 为图片地址，再用 /api/user/avatar 或 /api/user/background 保存。',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request) => ok(await store(await readImage(request, PROFILE_IMAGE_UPLOAD)), '上传成功'),
  });
};
