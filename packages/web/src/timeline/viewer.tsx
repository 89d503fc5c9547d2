import type { AspectRatio } from '@reelbench/sdk';
import { Film } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatShotNumber, framingLabel, type LaidShot } from '../shots/model.js';
import { useStore } from '../state/store.js';
import type { Transport } from './playback.js';
import { formatTimecode } from './timeline-model.js';

/** How far the video may drift from the playhead while playing before it is put back. */
const DRIFT_SECONDS = 0.25;

/**
 * The viewer: the shot under the playhead. A shot with a video plays it from the playhead's offset
 * into the shot; a shot without one shows its frame for its duration.
 */
export function Viewer({
  entry,
  start,
  transport,
  aspect,
}: {
  entry: LaidShot | undefined;
  start: number;
  transport: Transport;
  aspect: AspectRatio;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const shot = entry?.shot;
  const videoUrl = shot?.video_url ?? null;

  // Keep the video on the playhead: seek while paused, play from the offset while playing.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !videoUrl) return;
    const sync = () => {
      const { time, playing } = transport.state.get();
      const offset = Math.max(0, time - start);
      const duration = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
      const inVideo = offset < duration;
      if (playing && inVideo) {
        if (Math.abs(video.currentTime - offset) > DRIFT_SECONDS) video.currentTime = offset;
        if (video.paused) void video.play().catch(() => {});
      } else {
        if (!video.paused) video.pause();
        const target = Math.min(offset, Number.isFinite(duration) ? Math.max(0, duration - 0.01) : offset);
        if (Math.abs(video.currentTime - target) > 0.02) {
          try {
            video.currentTime = target;
          } catch {
            // Not seekable yet: loadedmetadata syncs again.
          }
        }
      }
    };
    sync();
    video.addEventListener('loadedmetadata', sync);
    const off = transport.state.subscribe(sync);
    return () => {
      off();
      video.removeEventListener('loadedmetadata', sync);
      video.pause();
    };
  }, [transport, videoUrl, start]);

  const number = entry ? formatShotNumber(entry.index) : '';
  return (
    <section className="tl-viewer" aria-label="Viewer">
      <div className="tl-viewer__screen" style={viewerAspectStyle(aspect)}>
        {shot && videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: generated shot videos have no dialogue track to caption
          <video
            key={videoUrl}
            ref={videoRef}
            className="tl-viewer__media"
            src={videoUrl}
            poster={shot.image_url ?? undefined}
            preload="auto"
            playsInline
            aria-label={`Video of shot ${number}: ${shot.name}`}
          />
        ) : shot?.image_url ? (
          <img
            className="tl-viewer__media"
            src={shot.image_url}
            alt={`Frame of shot ${number}: ${shot.name}`}
            decoding="async"
          />
        ) : shot ? (
          <div className="tl-viewer__slate">
            <Film size={28} aria-hidden="true" />
            <span className="tl-viewer__slate-framing">{framingLabel(shot.framing) || 'No frame yet'}</span>
            <span className="tl-viewer__slate-text">
              {shot.description || shot.prompt || shot.script_text || 'Nothing described yet'}
            </span>
          </div>
        ) : null}
        {shot ? (
          <>
            <div className="tl-viewer__badge">
              <span className="mono tl-viewer__number">{number}</span>
              <span className="tl-viewer__name">{shot.name}</span>
              <span className="tl-viewer__kind">
                {videoUrl ? 'Video' : shot.image_url ? 'Frame' : 'Slate'}
              </span>
            </div>
            <ViewerTimecode transport={transport} start={start} />
          </>
        ) : null}
      </div>
    </section>
  );
}

function ViewerTimecode({ transport, start }: { transport: Transport; start: number }) {
  const time = useStore(transport.state, (state) => state.time);
  return (
    <div className="tl-viewer__tc mono">
      <span>{formatTimecode(time)}</span>
      <span className="tl-viewer__tc-offset">+{formatTimecode(Math.max(0, time - start)).slice(6)}</span>
    </div>
  );
}

/** The screen's aspect for CSS: `--viewer-aspect` (an aspect-ratio) and `--viewer-ratio` (width over height). */
export function viewerAspectStyle(aspect: AspectRatio): React.CSSProperties {
  const [w, h] = aspect.split(':').map(Number);
  return {
    '--viewer-aspect': aspect.replace(':', ' / '),
    '--viewer-ratio': String((w ?? 16) / (h ?? 9)),
  } as React.CSSProperties;
}
