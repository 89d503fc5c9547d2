import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/config.js';

/** How long one measuring window lasts; readiness reports the current one and the one before. */
export const EVENT_LOOP_WINDOW_MS = 10_000;
const RESOLUTION_MS = 10;

export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/**
 * Measures how late the event loop runs (perf_hooks.monitorEventLoopDelay): what every request and
 * socket message waits before its turn. Readiness reports it; a window whose longest stall passes
 * EVENT_LOOP_WARN_MS is logged as a warning.
 */
@Injectable()
export class EventLoopMonitor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventLoop');
  private readonly monitor: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private previous: EventLoopDelay = { p50Ms: 0, p99Ms: 0, maxMs: 0 };
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.monitor.enable();
    this.timer = setInterval(() => this.closeWindow(), EVENT_LOOP_WINDOW_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.monitor.disable();
  }

  /** The delay over the current window and the one before it: the worse of the two. */
  delay(): EventLoopDelay {
    const current = this.current();
    return {
      p50Ms: this.monitor.count > 0 ? current.p50Ms : this.previous.p50Ms,
      p99Ms: Math.max(current.p99Ms, this.previous.p99Ms),
      maxMs: Math.max(current.maxMs, this.previous.maxMs),
    };
  }

  private current(): EventLoopDelay {
    if (this.monitor.count === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0 };
    return {
      p50Ms: ms(this.monitor.percentile(50)),
      p99Ms: ms(this.monitor.percentile(99)),
      maxMs: ms(this.monitor.max),
    };
  }

  /** Ends the current window (every EVENT_LOOP_WINDOW_MS): logs it, and a stall past the limit as a warning. */
  closeWindow(): void {
    const window = this.current();
    this.monitor.reset();
    this.previous = window;
    this.logger.debug(
      `event loop delay p50 ${window.p50Ms} ms, p99 ${window.p99Ms} ms, max ${window.maxMs} ms`,
    );
    if (window.maxMs > this.config.limits.eventLoopWarnMs) {
      this.logger.warn(
        `event loop stalled for ${window.maxMs} ms in the last ${EVENT_LOOP_WINDOW_MS / 1000} s (p99 ${window.p99Ms} ms)`,
      );
    }
  }
}
