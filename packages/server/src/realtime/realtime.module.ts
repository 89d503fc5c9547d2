import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ConnectionGateway } from './connection.gateway.js';
import { EventsService } from './events.service.js';

@Global()
@Module({
  imports: [AuthModule],
  providers: [EventsService, ConnectionGateway],
  exports: [EventsService],
})
export class RealtimeModule {}
