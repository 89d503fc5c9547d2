import { type BreakdownConfig } from '../config/breakdown.env.js';
import { GeminiBreakdownProvider } from './breakdown.gemini.js';
import { LocalBreakdownProvider } from './breakdown.local.js';
import { OpenAiCompatibleBreakdownProvider } from './breakdown.openai.js';
import type { BreakdownProvider, Sleep } from './breakdown.types.js';

export function createBreakdownProvider(config: BreakdownConfig, sleep?: Sleep): BreakdownProvider {
  switch (config.provider) {
    case 'local':
      return new LocalBreakdownProvider();
    case 'openai':
      return new OpenAiCompatibleBreakdownProvider({ ...config, ...(sleep ? { sleep } : {}) });
    case 'gemini':
      return new GeminiBreakdownProvider({ ...config, ...(sleep ? { sleep } : {}) });
  }
}
