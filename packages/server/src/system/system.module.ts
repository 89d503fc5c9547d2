import { Module } from '@nestjs/common';
import { EventLoopMonitor } from './event-loop.js';
import { SystemController } from './system.controller.js';

@Module({ controllers: [SystemController], providers: [EventLoopMonitor] })
export class SystemModule {}
