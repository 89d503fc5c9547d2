/**
 * The animatic's H.264 settings: the offline provider encodes its clips with them, and whatever must
 * join those clips without re-encoding (rough cut segments) encodes with the same.
 */

export const ANIMATIC_FPS = 24;
/**
 * x264 for a rough animatic: superfast with one reference frame, no B-frames, no lookahead and
 * the quickest motion search (a still image zoomed or panned needs no more), at a constant QP 23.
 * Measured on a 5 s 720p push-in of a storyboard frame (ffmpeg CPU time, the whole command):
 * 1.33 s with the first settings (superfast, CRF 20, every frame drawn, a PNG still, ffmpeg's
 * threads); 0.70 s drawn on twos at CRF 23; 0.45–0.54 s at QP 23. x264 spends about 3.7 ms on each
 * frame at CRF even when it repeats the last one (the rate control analyses every frame); at a
 * constant QP a repeated frame costs half that. The picture is the same to the eye (PSNR against a
 * lossless encode 38.5 dB at QP 23, 38.7 dB at CRF 23) and the file half the size.
 */
export const X264_PRESET = 'superfast';
const X264_QP = '23';
/**
 * CAVLC (cabac=0): the repeated pictures are written without x264 (h264-repeat.ts), and a slice of
 * skipped macroblocks is one Exp-Golomb number in CAVLC. CAVLC costs the clip about a fifth more bytes.
 */
const X264_PARAMS =
  'bframes=0:ref=1:me=dia:subme=1:partitions=none:trellis=0:aq-mode=0:mbtree=0:rc-lookahead=0:scenecut=0:weightp=0:cabac=0';

/**
 * Names the encoder settings above. Clips made with the same settings at the same size and rate
 * share their H.264 parameter sets, so a rough cut joins them without re-encoding (stream copy).
 */
export const ANIMATIC_ENCODER = `x264:${X264_PRESET}:qp${X264_QP}:${X264_PARAMS}`;

/** The video encoder arguments of an animatic, for whatever else must match its clips (rough cut segments). */
export function animaticEncoderArgs(): string[] {
  return [
    '-c:v',
    'libx264',
    '-threads',
    '1',
    '-preset',
    X264_PRESET,
    '-qp',
    X264_QP,
    '-x264-params',
    X264_PARAMS,
    '-pix_fmt',
    'yuv420p',
  ];
}
