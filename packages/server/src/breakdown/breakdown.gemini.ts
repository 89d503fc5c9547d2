import type { FirstPassResult } from '@reelbench/sdk/screenplay';
import { z } from 'zod';
import { defaultSleep, postToProvider } from './breakdown.http.js';
import { buildBreakdownPrompt } from './breakdown.prompt.js';
import { answerText, toFirstPassResult } from './breakdown.result.js';
import type { BreakdownInput, BreakdownProvider, RemoteBreakdownOptions } from './breakdown.types.js';

const generateContentSchema = z.object({
  candidates: z
    .array(z.object({ content: z.object({ parts: z.array(z.object({ text: z.string() })).min(1) }) }))
    .min(1),
});

/** Google's Gemini generateContent API; the key goes in a header so it never appears in a URL or log. */
export class GeminiBreakdownProvider implements BreakdownProvider {
  readonly name = 'gemini';

  constructor(private readonly options: RemoteBreakdownOptions) {}

  async breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<FirstPassResult> {
    const { system, user } = buildBreakdownPrompt(input);
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const reply = await postToProvider({
      provider: this.name,
      url: `${base}/v1beta/models/${encodeURIComponent(this.options.model)}:generateContent`,
      headers: { 'x-goog-api-key': this.options.apiKey },
      body: {
        contents: [{ role: 'user', parts: [{ text: user }] }],
        systemInstruction: { parts: [{ text: system }] },
        generationConfig: { responseMimeType: 'application/json', temperature: 0.2 },
      },
      timeoutMs: this.options.timeoutMs,
      sleep: this.options.sleep ?? defaultSleep,
      signal,
    });
    const text = answerText(
      this.name,
      generateContentSchema,
      reply,
      (r) => r.candidates[0]?.content.parts[0]?.text ?? '',
    );
    return toFirstPassResult(this.name, text, input.screenplay, input.assets, input.styleGuide);
  }
}
