/** The Emscripten build of eSpeak NG (Echogarden's): the parts the local speech provider calls. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
  }
  export interface EspeakWorker {
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    set_volume(volume: number): void;
    get_samplerate(): number;
    /** Calls back with 16-bit samples (or null at the end); answer 0 to go on. */
    synthesize(text: string, callback: (samples: Int16Array | null, events: EspeakEvent[]) => number): void;
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }
  const factory: (options?: Record<string, unknown>) => Promise<EspeakModule>;
  export default factory;
}
