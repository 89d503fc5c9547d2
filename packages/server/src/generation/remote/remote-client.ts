import {
  defaultSleep,
  type MediaKind,
  nestLogger,
  type RemoteLogger,
  RemoteSession,
  type Sleep,
  sameOrigin,
} from './remote-session.js';

export interface RemoteApiOptions {
  /** The provider's name in errors and logs, e.g. 'openai'. */
  provider: string;
  /** The logger's context when the caller passes no logger. */
  loggerName: string;
  baseUrl: string;
  /** Sent as a bearer token, only to the API's own origin; redacted from every reason. */
  secret: string;
  timeoutMs: number;
  /** Waits between polls and retries; tests pass a recording one. */
  sleep?: Sleep;
  logger?: RemoteLogger;
}

/** What a keyed model API is configured with (OpenAI's images and speech, ElevenLabs). */
export interface KeyedModelOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Waits between retries; tests pass a recording one. */
  sleep?: Sleep;
  logger?: RemoteLogger;
}

/**
 * What every remote provider's HTTP client shares: the API's base URL, its bearer key (sent to
 * that origin and nowhere else), and one RemoteSession per call with the deadline, retries and
 * cancel signal.
 */
export abstract class RemoteApiClient {
  protected readonly base: string;
  protected readonly logger: RemoteLogger;
  private readonly sleep: Sleep;

  protected constructor(private readonly api: RemoteApiOptions) {
    this.base = api.baseUrl.replace(/\/+$/, '');
    this.sleep = api.sleep ?? defaultSleep;
    this.logger = api.logger ?? nestLogger(api.loggerName);
  }

  /** A new call: its own deadline from now, ended early by `signal`. */
  protected openSession(kind: MediaKind, signal: AbortSignal | undefined): RemoteSession {
    return new RemoteSession({
      provider: this.api.provider,
      kind,
      secret: this.api.secret,
      timeoutMs: this.api.timeoutMs,
      signal,
      sleep: this.sleep,
      logger: this.logger,
    });
  }

  protected bearer(): Record<string, string> {
    return { authorization: `Bearer ${this.api.secret}` };
  }

  /** The key goes only to the API's own origin, never to a file host or a URL an answer names. */
  protected bearerFor(url: string): Record<string, string> {
    return sameOrigin(url, this.base) ? this.bearer() : {};
  }
}
