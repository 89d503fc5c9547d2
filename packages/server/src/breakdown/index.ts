export * from './breakdown.config.js';
export * from './breakdown.gemini.js';
export { BREAKDOWN_RETRY_DELAYS_MS } from './breakdown.http.js';
export * from './breakdown.local.js';
export * from './breakdown.openai.js';
export { buildBreakdownPrompt } from './breakdown.prompt.js';

export type * from './breakdown.types.js';
