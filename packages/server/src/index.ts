export { type CreateAppOptions, createApp, listeningLine, type ReelbenchServer } from './app.js';
export { AppConfig, ConfigError, loadConfig, type ServerConfig } from './config/config.js';
export type { DatabaseKind } from './database/data-source.js';
