import { Global, Module } from '@nestjs/common';
import sharp from 'sharp';
import { AppConfig } from '../config/config.js';
import { StorageModule } from '../storage/storage.module.js';
import { createProviderRegistry } from './generation.config.js';
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
      provide: ProviderRegistry,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const registry = createProviderRegistry(config.generation);
        registerRemoteProviders(registry, config.remote, config.generation);
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
export class GenerationModule {}
