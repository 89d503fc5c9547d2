import path from 'node:path';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { FileUrls } from './file-urls.js';
import { LocalStorage } from './local.storage.js';
import { S3Storage } from './s3.storage.js';
import { STORAGE, type Storage } from './storage.types.js';
import { UrlSigner } from './url-signer.js';

/** STORAGE_DRIVER=local (default): files under `<dataDir>/files`; s3: the configured bucket. */
export function createStorage(config: AppConfig, signer: UrlSigner): Storage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage);
  return new LocalStorage(path.join(config.dataDir, 'files'), signer);
}

@Module({
  providers: [
    {
      provide: UrlSigner,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new UrlSigner(config.signingSecret, config.publicUrl ?? ''),
    },
    { provide: STORAGE, inject: [AppConfig, UrlSigner], useFactory: createStorage },
    FileUrls,
  ],
  exports: [STORAGE, UrlSigner, FileUrls],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3Storage) this.storage.close();
  }
}
