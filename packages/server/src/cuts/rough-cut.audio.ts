/**
 * The rough cut's sound as one ffmpeg filter graph (issue 31): the scratch track's lines at their
 * places on the record, silence between them, and the soundtrack under them, ducked while someone
 * speaks. One ffmpeg run decodes every line clip and the music, mixes and encodes; a cut without
 * dialogue keeps its own, faster path (the soundtrack alone, or silence without an ffmpeg run).
 */

/** A line clip on local disk and where it plays on the record (seconds; `seconds` heard). */
export interface RoughCutLine {
  path: string;
  startSeconds: number;
  seconds: number;
}

/** The mix's sample rate and layout (AAC at 48 kHz stereo, as the soundtrack is encoded). */
export const MIX_SAMPLE_RATE = 48_000;
const FORMAT = `aformat=sample_fmts=fltp:sample_rates=${MIX_SAMPLE_RATE}:channel_layouts=stereo`;

/**
 * How the music steps aside for a voice: sidechaincompress keyed by the dialogue itself, so the
 * music dips while a line is spoken (about 13 dB under a voice at −20 dBFS) and comes back over a
 * third of a second after it. Threshold −36 dBFS: a whisper ducks it a little, a shout a lot.
 */
export const DUCKING = 'sidechaincompress=threshold=0.015:ratio=8:attack=20:release=300:makeup=1';

/** Silence as a source: exactly `samples` samples of the mix's format. */
function silence(samples: number, label: string): string {
  return `anullsrc=r=${MIX_SAMPLE_RATE}:cl=stereo,${FORMAT},atrim=end_sample=${samples},asetpts=N/SR/TB${label}`;
}

/**
 * The filter graph (for `-filter_complex_script`) that writes `[a]`: inputs 0..n-1 are the lines in
 * record order (never overlapping), input n the soundtrack when `soundtrack` gives its filter (a
 * function of the input index and the label it must write). Each line is cut or padded to the
 * samples it is heard for and the gaps are exact silence, so the whole is `seconds` long to the sample.
 */
export function dialogueMixGraph(
  lines: readonly RoughCutLine[],
  seconds: number,
  soundtrack: ((input: number, label: string) => string) | null,
): string {
  const chains: string[] = [];
  const parts: string[] = [];
  const total = Math.round(seconds * MIX_SAMPLE_RATE);
  let cursor = 0;
  lines.forEach((line, index) => {
    const start = Math.min(total, Math.max(cursor, Math.round(line.startSeconds * MIX_SAMPLE_RATE)));
    const end = Math.min(
      total,
      Math.max(start, Math.round((line.startSeconds + line.seconds) * MIX_SAMPLE_RATE)),
    );
    if (end <= start) return;
    if (start > cursor) {
      chains.push(silence(start - cursor, `[g${index}]`));
      parts.push(`[g${index}]`);
    }
    chains.push(
      `[${index}:a]aresample=${MIX_SAMPLE_RATE},${FORMAT},apad,atrim=end_sample=${end - start},asetpts=N/SR/TB[l${index}]`,
    );
    parts.push(`[l${index}]`);
    cursor = end;
  });
  if (total > cursor || parts.length === 0) {
    chains.push(silence(Math.max(1, total - cursor), '[tail]'));
    parts.push('[tail]');
  }
  const voices = soundtrack ? '[voices]' : '[a]';
  chains.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1,${FORMAT}${voices}`);
  if (soundtrack) {
    chains.push(soundtrack(lines.length, '[music]'));
    // The voices key the compressor on the music, then both are summed as they are (no halving).
    chains.push('[voices]asplit=2[voice][key]');
    chains.push(`[music]${FORMAT}[bed]`);
    chains.push(`[bed][key]${DUCKING}[ducked]`);
    chains.push('[ducked][voice]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]');
  }
  return `${chains.join(';\n')}\n`;
}
