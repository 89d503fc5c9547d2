import { type QuickAnalysis, quickAnalyze } from '@reelbench/sdk';

export interface SceneEntry {
  heading: string;
  /** 1-based line of the heading in the editor. */
  line: number;
}

export interface QuickBreakdown extends QuickAnalysis {
  /** The quick helper's scenes with the line each starts on, for jumping. */
  sceneLines: SceneEntry[];
}

/**
 * The quick helper of SPEC.md §5 (the SDK's quickAnalyze: INT./EXT. scenes, up to 10 all-caps
 * names, words, reading time at 200 words a minute rounded up), with each scene's line.
 */
export function quickBreakdown(text: string): QuickBreakdown {
  const analysis = quickAnalyze(text);
  const sceneLines: SceneEntry[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('INT.') || line.startsWith('EXT.'))
      sceneLines.push({ heading: line, line: index + 1 });
  });
  return { ...analysis, sceneLines };
}

/** 95 → '1:35'; 3725 → '1:02:05'. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}
