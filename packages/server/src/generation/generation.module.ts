import { Global, Inject, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import sharp from 'sharp';
import { AppConfig } from '../config/config.js';
import { StorageModule } from '../storage/storage.module.js';
import { createProviderRegistry } from './generation.config.js';
import { RenderPool, renderWorkerFile } from './local/render-pool.js';
import { MediaStore } from './media-store.js';
import { ProviderRegistry } from './provider.js';
import { registerRemoteProviders } from './remote/remote.config.js';
import { RenderSlots } from './render-slots.js';

/**
 * The providers (the embedded `local` one, remote ones when configured), the store for what they
 * make, and the process-wide render slots. Global: shots, assets and jobs all use them.
 */
@Global()
@Module({
  imports: [StorageModule],
  providers: [
    {
      provide: RenderPool,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const file = renderWorkerFile();
        return file === undefined ? null : new RenderPool(config.jobConcurrency, file);
      },
    },
    {
      provide: ProviderRegistry,
      inject: [AppConfig, RenderPool],
      useFactory: (config: AppConfig, renderPool: RenderPool | null) => {
        const registry = createProviderRegistry(config.generation, renderPool ? { renderPool } : {});
        registerRemoteProviders(registry, config.remoteGenerationEnv);
        return registry;
      },
    },
    {
      provide: RenderSlots,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        // One libvips thread per image: the server runs jobConcurrency renders side by side instead,
        // so a batch's throughput follows its worker count and one render cannot take every core.
        sharp.concurrency(1);
        return new RenderSlots(config.jobConcurrency);
      },
    },
    MediaStore,
  ],
  exports: [ProviderRegistry, MediaStore, RenderSlots],
})
export class GenerationModule implements OnApplicationShutdown {
  constructor(@Optional() @Inject(RenderPool) private readonly renderPool: RenderPool | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.renderPool?.close();
  }
}
