export { type CreateAppOptions, createApp, listeningLine, type ReelbenchServer } from './app.js';
export { AppConfig, loadConfig, type ServerConfig } from './config/config.js';
export { ConfigError } from './config/config-error.js';
export type { DatabaseKind } from './database/data-source.js';
