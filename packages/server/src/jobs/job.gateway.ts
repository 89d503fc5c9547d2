import { WebSocketGateway } from '@nestjs/websockets';
import type { SocketActionName, User } from '@reelbench/sdk/contract';
import { LegacyEvent, type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { JobsService } from './job.service.js';

type Payload<A extends SocketActionName<'jobs'>> = ParsedPayload<'jobs', A>;

/** jobs:list and jobs:cancel, and the older jobs:list → jobs:listed and job:cancel → job:cancelled. */
@WebSocketGateway()
export class JobsGateway {
  constructor(private readonly jobs: JobsService) {}

  @SocketAction('jobs', 'list')
  @LegacyEvent('jobs:list')
  list(user: User, { projectId }: Payload<'list'>) {
    return this.jobs.list(user, projectId);
  }

  @SocketAction('jobs', 'cancel')
  cancel(user: User, { jobId }: Payload<'cancel'>) {
    return this.jobs.cancel(user, jobId);
  }

  @LegacyEvent('job:cancel')
  legacyCancel(user: User, { jobId }: Payload<'cancel'>) {
    return this.jobs.cancel(user, jobId);
  }
}
