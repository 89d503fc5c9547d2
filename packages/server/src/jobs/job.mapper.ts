import { type ErrorCode, isErrorCode, type Job, type JobStatus } from '@reelbench/sdk/contract';
import type { JobEntity } from './job.entity.js';

export function toJob(entity: JobEntity): Job {
  return {
    id: entity.id,
    projectId: entity.projectId,
    userId: entity.userId,
    type: entity.type,
    status: entity.status as JobStatus,
    progress: Math.max(0, Math.min(100, Math.round(entity.progress * 10) / 10)),
    ...(entity.message ? { message: entity.message } : {}),
    ...(entity.error ? { error: entity.error } : {}),
    ...(isErrorCode(entity.errorCode) ? { errorCode: entity.errorCode as ErrorCode } : {}),
    ...(entity.result === null || entity.result === undefined ? {} : { result: entity.result }),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    ...(entity.shotIds ? { shotIds: entity.shotIds } : {}),
  };
}
