import { formatMessage, MESSAGES, ReelbenchError } from './contract/errors.js';
import { type UploadJson } from './contract/files.js';
import { HTTP_ROUTES } from './contract/http.js';
import type { DomainContext } from './domain-context.js';
import { parseRouteReply, type UploadOptions } from './http-client.js';

const routes = HTTP_ROUTES.files;

export interface FileUploadOptions extends UploadOptions {
  /** The name the server stores; defaults to the File's own name. */
  filename?: string;
}

function nameOf(file: Blob, options: FileUploadOptions, fallback: string): string {
  return options.filename ?? (file instanceof File && file.name ? file.name : fallback);
}

/**
 * A file over the route's limit is refused here, before a byte is sent, with the error the server
 * would answer (413 PAYLOAD_TOO_LARGE_ERROR, the upload's catalogue message, the limit in the detail).
 */
export function refuseTooLarge(
  route: { fileField?: string; maxBytes?: number; failureMessage?: string },
  file: Blob,
): void {
  const { fileField, maxBytes, failureMessage } = route;
  if (maxBytes === undefined || file.size <= maxBytes) return;
  throw new ReelbenchError({
    code: 'PAYLOAD_TOO_LARGE_ERROR',
    message: failureMessage ?? MESSAGES.unexpected,
    details: [{ path: fileField ?? 'file', message: formatMessage.fileTooLarge(maxBytes) }],
    context: { size: file.size, maxBytes, sent: false },
  });
}

export function filesClient({ http }: DomainContext) {
  return {
    uploadImage: async (
      projectId: string,
      image: Blob,
      options: FileUploadOptions & { assetId?: string } = {},
    ) => {
      refuseTooLarge(routes.uploadImage, image);
      const fields = { projectId, ...(options.assetId ? { assetId: options.assetId } : {}) };
      const file = {
        field: routes.uploadImage.fileField,
        data: image,
        filename: nameOf(image, options, 'image'),
      };
      const reply = await http.upload(routes.uploadImage.path, fields, file, options);
      return parseRouteReply(routes.uploadImage, reply, MESSAGES.imageUploadFailed);
    },

    uploadAudio: async (projectId: string, audio: Blob, options: FileUploadOptions = {}) => {
      refuseTooLarge(routes.uploadAudio, audio);
      const file = {
        field: routes.uploadAudio.fileField,
        data: audio,
        filename: nameOf(audio, options, 'audio'),
      };
      const reply = await http.upload(routes.uploadAudio.path, { projectId }, file, options);
      return parseRouteReply(routes.uploadAudio, reply, MESSAGES.audioUploadFailed);
    },

    uploadJson: (input: UploadJson) =>
      http.typedRequest(routes.uploadJson, { body: input, invalidReplyMessage: MESSAGES.jsonUploadFailed }),
    download: (key: string) =>
      http.typedRequest(routes.download, {
        params: { key },
        invalidReplyMessage: MESSAGES.downloadUrlFailed,
      }),
    delete: (key: string) =>
      http.typedRequest(routes.delete, { params: { key }, invalidReplyMessage: MESSAGES.deleteFileFailed }),
    list: (projectId: string) =>
      http.typedRequest(routes.list, {
        params: { projectId },
        invalidReplyMessage: MESSAGES.listFilesFailed,
      }),
    migrateVideo: (videoUrl: string, shotId: string) =>
      http.typedRequest(routes.migrateVideo, {
        body: { videoUrl, shotId },
        invalidReplyMessage: MESSAGES.videoMigrationFailed,
      }),

    /** Checks the storage backend; a failed check rejects with the server's reason. */
    test: async () => {
      const result = await http.typedRequest(routes.test, {
        invalidReplyMessage: MESSAGES.storageTestFailed,
      });
      if (result.success) return result;
      throw new ReelbenchError({
        code: 'API_ERROR',
        message: result.message || MESSAGES.storageTestFailed,
        context: { driver: result.driver },
      });
    },
  };
}

export type FilesClient = ReturnType<typeof filesClient>;
