import type { Core } from '@strapi/strapi';

/** What the media library calls the folder of files uploaded through the API (visitors' avatars and backgrounds). */
export const API_UPLOAD_FOLDER_NAME = '访客上传';

/**
 * Strapi names the API's upload folder "API Uploads" when it first creates it; it finds the folder again by its id
 * (kept in the upload plugin's store), not its name, so the folder is created now if it is missing and named in
 * Chinese like every other word an editor reads in the media library.
 */
export async function nameApiUploadFolder(strapi: Core.Strapi): Promise<void> {
  const upload = strapi.plugin('upload');
  const folder = (await upload.service('api-upload-folder').getAPIUploadFolder()) as { id: number; name: string };
  if (folder.name === API_UPLOAD_FOLDER_NAME) return;
  // Only the name: the folder's path is made of ids, so nothing under it moves.
  await strapi.db.query('plugin::upload.folder').update({ where: { id: folder.id }, data: { name: API_UPLOAD_FOLDER_NAME } });
}
