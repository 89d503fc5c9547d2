export * from './cut.import.js';
export * from './cut.model.js';
export * from './edl.import.js';
export * from './edl.parser.js';
export * from './edl.writer.js';
export * from './frame-rate.js';
export * from './timecode.js';
