import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Inject,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { formatMessage, ReelbenchError } from '@reelbench/sdk/contract';
import type { Observable } from 'rxjs';
import { AppConfig, type LimitsConfig } from '../config/config.js';
import { validation } from './domain-error.js';

export interface UploadLimits {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** The configured limit (config.limits) that may lower maxBytes, the contract's ceiling. */
  configured?: 'uploadImageBytes' | 'uploadAudioBytes';
  /** The catalogue message of this upload, e.g. 'Image upload failed'. */
  failureMessage: string;
}

/** Form fields besides the file: projectId and assetId, with room to spare. */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;

/** The file multer read (memory storage): the part of it we use. */
export interface UploadedBlob {
  buffer: Buffer;
  originalname: string;
  size: number;
}

function multerCode(error: HttpException): string | undefined {
  const cause: unknown = error.cause;
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** multer's and busboy's failures as the upload's catalogue error: 413 for a file too large, else 400. */
function uploadError(error: unknown, limits: UploadLimits): unknown {
  if (!(error instanceof HttpException)) return error;
  if (error.getStatus() === 413) {
    return new ReelbenchError({
      code: 'PAYLOAD_TOO_LARGE_ERROR',
      message: limits.failureMessage,
      details: [{ path: limits.field, message: formatMessage.fileTooLarge(limits.maxBytes) }],
    });
  }
  const reason =
    multerCode(error) === 'LIMIT_UNEXPECTED_FILE'
      ? `Send exactly one file, in the '${limits.field}' field`
      : error.message;
  return validation(limits.failureMessage, [{ path: limits.field, message: reason }]);
}

/**
 * Reads one multipart file into memory (multer through Nest's FileInterceptor) with a size limit;
 * a file over the limit is 413 PAYLOAD_TOO_LARGE_ERROR, any other multipart problem 400.
 */
export function UploadInterceptor(spec: UploadLimits): Type<NestInterceptor> {
  class Upload implements NestInterceptor {
    private readonly inner: NestInterceptor;
    private readonly limits: UploadLimits;

    constructor(@Inject(AppConfig) config: { limits: LimitsConfig }) {
      const configured = spec.configured === undefined ? spec.maxBytes : config.limits[spec.configured];
      this.limits = { ...spec, maxBytes: Math.min(spec.maxBytes, configured) };
      // Without `storage` or `dest`, multer keeps the file in memory (file.buffer).
      const Inner = FileInterceptor(spec.field, {
        // Browsers send file names as raw UTF-8 in Content-Disposition.
        defParamCharset: 'utf8',
        limits: { fileSize: this.limits.maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
      this.inner = new Inner();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.inner.intercept(context, next);
      } catch (error) {
        throw uploadError(error, this.limits);
      }
    }
  }
  return mixin(Upload);
}
