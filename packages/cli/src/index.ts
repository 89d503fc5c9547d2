export { type CliIO, processIO } from './context.js';
export { EXIT_CODES, type ExitCode } from './errors.js';
export { createProgram, run } from './program.js';
