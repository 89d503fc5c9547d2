export { type CreateAppOptions, createApp, listeningLine, type ReelbenchServer } from './app.js';
export { AppConfig, type ServerConfig } from './config/config.js';
export { ConfigError } from './config/config-error.js';
export type { DatabaseKind } from './database/data-source.js';
export { loadConfig } from './load-config.js';
