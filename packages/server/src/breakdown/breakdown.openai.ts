import type { FirstPassResult } from '@reelbench/sdk/screenplay';
import { z } from 'zod';
import { defaultSleep, postToProvider } from './breakdown.http.js';
import { buildBreakdownPrompt } from './breakdown.prompt.js';
import { answerText, toFirstPassResult } from './breakdown.result.js';
import type { BreakdownInput, BreakdownProvider, RemoteBreakdownOptions } from './breakdown.types.js';

const chatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** Any endpoint speaking OpenAI's chat completions protocol (OpenAI, vLLM, Ollama, LM Studio…). */
export class OpenAiCompatibleBreakdownProvider implements BreakdownProvider {
  readonly name = 'openai';

  constructor(private readonly options: RemoteBreakdownOptions) {}

  async breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<FirstPassResult> {
    const { system, user } = buildBreakdownPrompt(input);
    const reply = await postToProvider({
      provider: this.name,
      url: `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`,
      headers: { authorization: `Bearer ${this.options.apiKey}` },
      body: {
        model: this.options.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        temperature: 0.2,
        response_format: { type: 'json_object' },
      },
      timeoutMs: this.options.timeoutMs,
      sleep: this.options.sleep ?? defaultSleep,
      signal,
    });
    const text = answerText(
      this.name,
      chatCompletionSchema,
      reply,
      (r) => r.choices[0]?.message.content ?? '',
    );
    return toFirstPassResult(this.name, text, input.screenplay, input.assets, input.styleGuide);
  }
}
