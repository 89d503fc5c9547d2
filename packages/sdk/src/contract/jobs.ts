import { z } from 'zod';
import { errorCodeSchema } from './errors.js';
import { actionSpec, countsSchema } from './internal.js';
import {
  generationStatusSchema,
  idSchema,
  type SocketActionSpec,
  TEXT_LIMITS,
  timestampSchema,
  urlSchema,
} from './primitives.js';

/** Jobs: queued work (batch renders, rough cuts, the scratch track) with its progress. */

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export const jobStatusSchema = z.enum(JOB_STATUSES);

export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  userId: idSchema.optional(),
  /** The action that queued it, e.g. 'shot:generate-batch'. */
  type: z.string().min(1).max(TEXT_LIMITS.shortText),
  status: jobStatusSchema,
  progress: z.number().min(0).max(100),
  message: z.string().max(TEXT_LIMITS.description).optional(),
  error: z.string().max(TEXT_LIMITS.description).optional(),
  /** The catalogue code of a failed job's error: VALIDATION_ERROR for bad input, SERVER_ERROR for ours. */
  errorCode: errorCodeSchema.optional(),
  result: z.unknown().optional(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  shotIds: z.array(idSchema).optional(),
});

export type Job = z.infer<typeof jobSchema>;

/** Queue depth for the project's owner: jobs waiting to start and jobs running. */
export const jobCountsSchema = countsSchema(['waiting', 'running']);

export type JobCounts = z.infer<typeof jobCountsSchema>;

/** Per-shot outcome of a batch job (job.result of generate-batch and generate-video-batch). */
export const batchShotResultSchema = z.object({
  shotId: idSchema,
  status: generationStatusSchema,
  url: urlSchema.optional(),
  error: z.string().max(TEXT_LIMITS.description).optional(),
});

export type BatchShotResult = z.infer<typeof batchShotResultSchema>;

// ---------------------------------------------------------------- replies

/** Batch generation answers once the job is queued; the work reports through job and batch events. */
export const jobAcceptedReplySchema = z.object({ job: jobSchema, counts: jobCountsSchema });

export type JobAcceptedReply = z.infer<typeof jobAcceptedReplySchema>;

export const jobListReplySchema = /* @__PURE__ */ (() =>
  z.object({ jobs: z.array(jobSchema), counts: jobCountsSchema }))();

export type JobListReply = z.infer<typeof jobListReplySchema>;

// ---------------------------------------------------------------- socket actions

/** The jobs socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const JOB_ACTIONS = /* @__PURE__ */ (() =>
  ({
    jobs: {
      /** The current state of the user's jobs; ask again after a reconnect instead of trusting old events. */
      list: actionSpec(z.object({ projectId: idSchema.optional() }).prefault({}), jobListReplySchema),
      cancel: actionSpec(z.object({ jobId: idSchema }), jobSchema),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();
