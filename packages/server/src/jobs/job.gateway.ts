import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { JobsService } from './job.service.js';

/** jobs:list and jobs:cancel, and the older jobs:list → jobs:listed and job:cancel → job:cancelled. */
@WebSocketGateway()
export class JobsGateway {
  constructor(private readonly jobs: JobsService) {}

  @SocketAction('jobs:list')
  @LegacyEvent('jobs:list')
  list(user: User, { projectId }: ParsedPayload<'jobs:list'>) {
    return this.jobs.list(user, projectId);
  }

  @SocketAction('jobs:cancel')
  cancel(user: User, { jobId }: ParsedPayload<'jobs:cancel'>) {
    return this.jobs.cancel(user, jobId);
  }

  @LegacyEvent('job:cancel')
  legacyCancel(user: User, { jobId }: ParsedPayload<'jobs:cancel'>) {
    return this.jobs.cancel(user, jobId);
  }
}
