import { afterAll, beforeAll } from 'vitest';

/**
 * Everything the process writes to stderr while the suite runs (the server under test logs there in
 * this process), still passed through; as file-level hooks: captured from before all, restored after all.
 */
export function useStderrCapture(): string[] {
  const logged: string[] = [];
  let restore: (() => void) | undefined;
  beforeAll(() => {
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    restore = () => {
      process.stderr.write = write;
    };
  });
  afterAll(() => restore?.());
  return logged;
}

/** The JSON log lines among captured chunks, parsed. */
export function jsonLines<T>(logged: readonly string[]): T[] {
  return logged
    .flatMap((chunk) => chunk.split('\n'))
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as T);
}
