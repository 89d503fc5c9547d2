import { z } from 'zod';
import { idSchema, jobCountsSchema, jobSchema, sceneSchema } from './entities.js';

/** Replies shared by socket actions and HTTP routes (the HTTP table needs them without the socket table). */

export const deletedReplySchema = z.object({ id: idSchema, deleted: z.literal(true) });
export type DeletedReply = z.infer<typeof deletedReplySchema>;

/** Batch generation answers once the job is queued; the work reports through job and batch events. */
export const jobAcceptedReplySchema = z.object({ job: jobSchema, counts: jobCountsSchema });
export type JobAcceptedReply = z.infer<typeof jobAcceptedReplySchema>;

export const shotOrderReplySchema = z.object({
  projectId: idSchema,
  shotOrder: z.array(idSchema),
  scenes: z.array(sceneSchema),
});
export type ShotOrderReply = z.infer<typeof shotOrderReplySchema>;
