export const upload = {
  notImage: '请选择图片文件',
  tooLarge: '图片大小不能超过5MB',
  noFile: '请选择图片',
  badUrl: '服务器返回的图片地址无效',
  /** The upload store (S3 or a compatible service) could not take the file: nothing was saved. */
  storeUnavailable: '图片存储暂时不可用，图片未保存，请稍后再试',
  /** The upload APIs' refusals that no single rule words (upload-rules.ts has each rule's own). */
  oneFileOnly: '一次只能上传一个文件',
  /** A multipart body cut short, or one whose boundary is missing or not the one its header names. */
  incomplete: '上传的数据不完整，请重新上传',
} as const;
