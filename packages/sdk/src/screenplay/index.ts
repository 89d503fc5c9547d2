export * from './analyze.js';
export * from './cast.js';
export * from './convert.js';
export * from './dialogue.js';
export * from './dialogue.placement.js';
export * from './director.js';
export {
  type Beat,
  type Delivery,
  type FilmReading,
  type FilmScene,
  Roster,
  readScreenplay,
  readSlug,
  readTransition,
  type Slug,
  type SlugKind,
} from './director.reading.js';
export * from './director.report.js';
export * from './director.review.js';
export * from './director.rules.js';
export * from './emphasis.js';
export * from './fdx.js';
export * from './format-help.js';
export { isForcedHeading, isTitleKeyLine, opensTitlePage, parseFountain } from './fountain.parser.js';
export type * from './fountain.types.js';
export * from './fountain.writer.js';
export * from './page-model.js';
export * from './plain-text.js';
export {
  type CueParts,
  type HeadingPlace,
  headingPlace,
  type IntExt,
  isTransitionText,
  isUppercaseCue,
  matchHeadingPrefix,
  normalizeCharacterName,
  parseCue,
  parseSceneHeading,
  type SceneHeadingParts,
} from './screenplay.model.js';
export * from './script-format-error.js';
export * from './shot-source.js';
export * from './text-diff.js';
export * from './validate.js';
