import { type CutSummary, SOUNDTRACK_MAX_OFFSET_SECONDS, type Soundtrack } from '@reelbench/sdk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines, FileAudio, Music, Pause, Play, Replace, Scissors, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { usePageContext } from '../../actions/page-context.js';
import { keepaliveRequest } from '../../app/keepalive.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { formatOffset, useSoundtrack } from '../../audio/use-soundtrack.js';
import { Waveform } from '../../audio/waveform.js';
import { formatAbsolute } from '../../format/format.js';
import { ActionButton } from '../../shell/action-button.js';
import { type ErrorReason, errorBody, errorReason } from '../../state/errors.js';
import { FPS, formatTimecode, playheadSliderProps } from '../../timeline/timeline-model.js';
import { Button } from '../../ui/button.js';
import { EmptyState, Kbd, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { Field, Input } from '../../ui/fields.js';
import { Modal } from '../../ui/modal.js';
import { PageHeader } from '../../ui/page-header.js';
import { Select } from '../../ui/select.js';
import { useFileDrop } from '../../ui/use-file-drop.js';
import { ProgressBar } from '../../ui/widgets.js';
import { useProjectId } from '../project/project-layout.js';
import { audioPage, type DialogueLineControls } from './audio-actions.js';
import { AUDIO_ACCEPT, DialogueLines } from './dialogue-lines.js';
import '../../styles/pages.css';
import '../../styles/audio.css';

type UploadState = { name: string; percent: number; phase: 'uploading' | 'decoding' };
/** A failed upload, in the server's words: its message and each detail it gave. */
type UploadFailure = ErrorReason;

function clampOffset(seconds: number): number {
  const rounded = Math.round(seconds * 1000) / 1000;
  return Math.max(-SOUNDTRACK_MAX_OFFSET_SECONDS, Math.min(SOUNDTRACK_MAX_OFFSET_SECONDS, rounded));
}

function megabytes(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

/** Where the track sits on the cut, in words. */
function placement(offset: number): string {
  if (offset === 0) return 'Starts with the first frame of the cut';
  if (offset > 0) return `Starts ${formatTimecode(offset)} into the cut`;
  return `Starts before the picture: its first ${formatTimecode(-offset)} are not heard`;
}

/** The player: a hidden <audio>, its time while playing, and play/pause/seek. */
function usePlayer() {
  const [audio, audioRef] = useState<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!audio) return;
    let frame = 0;
    const tick = () => {
      setTime(audio.currentTime);
      frame = audio.paused ? 0 : requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      if (frame === 0) frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      setTime(audio.currentTime);
    };
    const onSeek = () => setTime(audio.currentTime);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onPause);
    audio.addEventListener('seeked', onSeek);
    audio.addEventListener('timeupdate', onSeek);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('seeked', onSeek);
      audio.removeEventListener('timeupdate', onSeek);
    };
  }, [audio]);
  const toggle = () => {
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  };
  const seek = (seconds: number) => {
    if (!audio) return;
    const duration = Number.isFinite(audio.duration) ? audio.duration : seconds;
    audio.currentTime = Math.max(0, Math.min(duration, seconds));
    setTime(audio.currentTime);
  };
  return { audio, audioRef, time, playing, toggle, seek };
}

/** The whole track's waveform with the playhead; a slider for the keyboard (arrows, Home, End). */
function TrackView({
  soundtrack,
  time,
  onSeek,
}: {
  soundtrack: Soundtrack;
  time: number;
  onSeek: (seconds: number) => void;
}) {
  const duration = soundtrack.durationSeconds;
  const at = duration > 0 ? Math.min(1, time / duration) : 0;
  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onSeek(((event.clientX - rect.left) / rect.width) * duration);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 5 : 1;
    const moves: Record<string, number> = {
      ArrowLeft: time - step,
      ArrowRight: time + step,
      Home: 0,
      End: duration,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSeek(next);
  };
  return (
    // biome-ignore lint/a11y: a slider: its role, focus and values come from playheadSliderProps
    <div
      className="audio-track"
      {...playheadSliderProps(time, duration, 'ArrowLeft ArrowRight Home End')}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        seekAt(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) seekAt(event);
      }}
      onKeyDown={onKeyDown}
    >
      <Waveform className="audio-track__wave" peaks={soundtrack.peaks} durationSeconds={duration} />
      <div className="audio-track__played" style={{ width: `${at * 100}%` }} aria-hidden="true" />
      <div className="audio-track__playhead" style={{ left: `${at * 100}%` }} aria-hidden="true" />
    </div>
  );
}

/** /project/{id}/audio: the project's soundtrack — upload, waveform, listen, offset, the cut it goes under. */
export function AudioPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const { client, toasts, activity } = services;
  const queryClient = useQueryClient();
  const soundtrack = useSoundtrack(projectId);
  const track = soundtrack.data ?? null;
  const cuts = useQuery(queries.cuts(client, projectId));
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [settingCut, setSettingCut] = useState(false);
  const [chosenCut, setChosenCut] = useState('');
  const [offsetDraft, setOffsetDraft] = useState<string | null>(null);
  const offsetWrites = useRef(0);
  const player = usePlayer();
  const [line, setLine] = useState<DialogueLineControls | undefined>(undefined);

  const setTrack = (next: Soundtrack | null) =>
    queryClient.setQueryData(queryKeys.soundtrack(projectId), next);

  // ---------------------------------------------------------------- upload (drop or pick)
  const busy = upload !== null;
  const send = async (file: File) => {
    if (busy) return;
    setFailure(null);
    setUpload({ name: file.name, percent: 0, phase: 'uploading' });
    try {
      const stored = await activity.track(
        client.files.uploadAudio(projectId, file, {
          onProgress: (percent) =>
            setUpload((current) => (current ? { ...current, percent: Math.min(100, percent) } : current)),
        }),
      );
      setUpload({ name: file.name, percent: 100, phase: 'decoding' });
      const next = await activity.track(client.audio.set(projectId, { key: stored.key }));
      setTrack(next);
      player.seek(0);
      await queryClient.invalidateQueries({ queryKey: queryKeys.cuts(projectId) });
      toasts.show({
        type: 'success',
        title: track ? 'Soundtrack Replaced' : 'Soundtrack Uploaded',
        message: next.name,
      });
    } catch (error) {
      setFailure(errorReason(error));
    } finally {
      setUpload(null);
    }
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };
  const drop = useFileDrop((file) => void send(file));
  const { dragging } = drop;

  // ---------------------------------------------------------------- offset
  const offset = track?.offsetSeconds ?? 0;
  /**
   * A new offset, shown at once and saved through the save manager (one task per project: the last
   * value wins, one write at a time, a keepalive PATCH on unload; refused, the stored one is shown).
   */
  const queueOffset = (seconds: number) => {
    if (!track) return;
    const next = clampOffset(seconds);
    if (next === track.offsetSeconds) return;
    const write = ++offsetWrites.current;
    const before = track;
    setTrack({ ...track, offsetSeconds: next });
    services.saves.markDirty({
      projectId,
      tasks: [
        {
          key: `audio-offset:${projectId}`,
          save: () => activity.track(client.audio.setOffset(projectId, next)),
          beacon: () =>
            keepaliveRequest(client, 'PATCH', `/api/audio/${encodeURIComponent(projectId)}`, {
              offsetSeconds: next,
            }),
          // Only the last of several quick changes decides what is shown.
          onSaved: (saved) => {
            if (write === offsetWrites.current) setTrack(saved as Soundtrack);
          },
          onRefused: (error) => {
            if (write === offsetWrites.current) setTrack(before);
            toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
          },
        },
      ],
    });
  };
  /** A nudge: saved at once. */
  const writeOffset = (seconds: number) => {
    setOffsetDraft(null);
    queueOffset(seconds);
    return services.saves.flush();
  };
  /** The offset as it is typed: saved 1 s after the last key (at once when the field is left). */
  const typeOffset = (text: string) => {
    setOffsetDraft(text);
    if (text.trim() !== '' && Number.isFinite(Number(text))) queueOffset(Number(text));
  };
  /** The field is left (blur, Enter): what was typed is saved now; the field shows the offset again. */
  const settleOffset = () => {
    setOffsetDraft(null);
    void services.saves.flush();
  };

  /** A frame nudge lands on the frame grid (24 fps); a second keeps the offset's fraction. */
  const nudgeFrames = (frames: number) => () => void writeOffset((Math.round(offset * FPS) + frames) / FPS);
  const nudgeSeconds = (seconds: number) => () => void writeOffset(offset + seconds);

  // ---------------------------------------------------------------- the cut it goes under
  const cutList = cuts.data ?? [];
  const cut: CutSummary | undefined = cutList.find((entry) => entry.id === chosenCut) ?? cutList[0];
  const setCut = async () => {
    if (!cut || !track) return;
    setSettingCut(true);
    try {
      const updated = await activity.track(
        client.audio.setCut(projectId, { cutId: cut.id, offsetSeconds: offset }),
      );
      queryClient.setQueryData(queryKeys.cut(projectId, updated.id), updated);
      queryClient.setQueryData<CutSummary[]>(queryKeys.cuts(projectId), (list) =>
        list?.map((entry) => (entry.id === updated.id ? { ...entry, hasSoundtrack: true } : entry)),
      );
      toasts.show({
        type: 'success',
        title: 'Cut Soundtrack Set',
        message: `${updated.name} v${updated.version} · ${formatOffset(offset)}`,
      });
    } catch (error) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
    } finally {
      setSettingCut(false);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await activity.track(client.audio.remove(projectId));
      player.audio?.pause();
      setTrack(null);
      setConfirmRemove(false);
      toasts.show({
        type: 'success',
        title: 'Soundtrack Removed',
        message: 'Cuts keep theirs until set again.',
      });
    } catch (error) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
    } finally {
      setRemoving(false);
    }
  };

  // ---------------------------------------------------------------- actions this page handles
  const ready = !soundtrack.isLoading && !busy;
  // Space plays the focused dialogue line, else the soundtrack.
  const lineFocused = () => document.activeElement?.closest('[data-line-id]') != null;
  usePageContext(audioPage, {
    hasTrack: track !== null,
    ...(ready ? { pick: () => fileInput.current?.click() } : {}),
    ...(line ? { line } : {}),
    ...(track || line
      ? {
          togglePlay: () => {
            if (line && (lineFocused() || !track)) line.togglePlay();
            else player.toggle();
          },
        }
      : {}),
    ...(track
      ? {
          nudgeFrames: (frames: number) => nudgeFrames(frames)(),
          nudgeSeconds: (seconds: number) => nudgeSeconds(seconds)(),
        }
      : {}),
    ...(track && cut && !settingCut ? { setCut: () => void setCut() } : {}),
    ...(track && !busy ? { remove: () => setConfirmRemove(true) } : {}),
  });

  const offsetFrames = Math.round(offset * FPS);
  return (
    // The page takes a dropped audio file anywhere on it; Upload Soundtrack is the keyboard way.
    <div className={cx('page audio-page', dragging && 'is-dropping')} {...drop.props}>
      <PageHeader
        title="Audio"
        subtitle={
          soundtrack.isLoading
            ? 'Loading the soundtrack…'
            : track
              ? `Soundtrack · ${formatTimecode(track.durationSeconds)} · ${megabytes(track.size)} · ${track.mimetype}`
              : 'The soundtrack the cuts and the rough cut play under the picture'
        }
        actions={
          track ? (
            <>
              <ActionButton actionId="audio.replace" variant="secondary" icon={Replace} />
              <ActionButton actionId="audio.remove" variant="ghost" icon={Trash2}>
                Remove
              </ActionButton>
            </>
          ) : (
            <ActionButton actionId="audio.upload" variant="primary" icon={Upload} />
          )
        }
      />

      <input
        ref={fileInput}
        type="file"
        accept={AUDIO_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="audio-file"
        onChange={onPick}
      />

      {upload ? (
        <section className="card audio-upload" aria-label="Upload" aria-live="polite">
          <FileAudio size={18} aria-hidden="true" />
          <div className="audio-upload__body">
            <p className="audio-upload__name">
              {upload.phase === 'uploading' ? 'Uploading' : 'Reading the waveform of'}{' '}
              <strong>{upload.name}</strong>
            </p>
            <ProgressBar
              value={upload.percent}
              label={upload.phase === 'uploading' ? 'Upload progress' : 'Reading the waveform'}
              status={upload.phase === 'uploading' ? 'processing' : 'completed'}
            />
          </div>
        </section>
      ) : null}
      {failure ? (
        <div className="audio-error" role="alert">
          <p className="audio-error__title">{failure.message}</p>
          {failure.details.map((detail) => (
            <p key={detail} className="audio-error__detail">
              {detail}
            </p>
          ))}
        </div>
      ) : null}

      {soundtrack.isLoading ? (
        <Skeleton height={220} />
      ) : soundtrack.isError ? (
        <EmptyState title="The soundtrack could not be loaded">{errorBody(soundtrack.error)}</EmptyState>
      ) : !track ? (
        <div className={cx('audio-drop', dragging && 'is-over')}>
          <EmptyState
            icon={Music}
            title="No soundtrack yet — drop a file here, or Upload Soundtrack"
            actions={<ActionButton actionId="audio.upload" variant="primary" icon={Upload} />}
          >
            MP3, WAV, M4A, OGG or FLAC. The server reads its waveform; the timeline shows it under the
            picture, and new cuts and the rough cut carry it.
          </EmptyState>
        </div>
      ) : (
        <>
          <section
            className={cx('card audio-card', dragging && 'is-over')}
            aria-labelledby="audio-track-title"
          >
            <header className="audio-card__header">
              <div className="audio-card__title">
                <AudioLines size={16} aria-hidden="true" />
                <h2 id="audio-track-title" className="audio-card__name">
                  {track.name}
                </h2>
              </div>
              <span className="audio-card__meta">Updated {formatAbsolute(track.updatedAt)}</span>
            </header>
            <TrackView soundtrack={track} time={player.time} onSeek={player.seek} />
            <div className="audio-transport">
              <ActionButton
                actionId="audio.playPause"
                iconOnly
                variant="primary"
                aria-pressed={player.playing}
                icon={
                  player.playing ? (
                    <Pause size={18} aria-hidden="true" />
                  ) : (
                    <Play size={18} aria-hidden="true" />
                  )
                }
              />
              <div className="audio-transport__time mono">
                <span className="sr-only">Time </span>
                <span className="audio-transport__now">{formatTimecode(player.time)}</span>
                <span className="audio-transport__sep" aria-hidden="true">
                  /
                </span>
                <span>{formatTimecode(track.durationSeconds)}</span>
              </div>
              <span className="audio-transport__hint">
                <Kbd>Space</Kbd> play · <Kbd>←</Kbd>
                <Kbd>→</Kbd> on the waveform seek
              </span>
            </div>
            {/* biome-ignore lint/a11y/useMediaCaption: a music track has no words to caption */}
            <audio ref={player.audioRef} src={track.url} preload="auto" />
          </section>

          <div className="audio-grid">
            <section className="card audio-panel" aria-labelledby="audio-offset-title">
              <h2 id="audio-offset-title" className="section-title">
                Sync
              </h2>
              <form
                className="audio-offset"
                onSubmit={(event) => {
                  event.preventDefault();
                  settleOffset();
                }}
              >
                <Field
                  label="Offset (seconds)"
                  hint={`${placement(offset)} · ${offsetFrames >= 0 ? '+' : ''}${offsetFrames} fr at ${FPS} fps`}
                >
                  {({ id, describedBy }) => (
                    <Input
                      id={id}
                      aria-describedby={describedBy}
                      className="audio-offset__input mono"
                      type="number"
                      inputMode="decimal"
                      step={0.001}
                      min={-SOUNDTRACK_MAX_OFFSET_SECONDS}
                      max={SOUNDTRACK_MAX_OFFSET_SECONDS}
                      value={offsetDraft ?? String(offset)}
                      onChange={(event) => typeOffset(event.target.value)}
                      onBlur={settleOffset}
                    />
                  )}
                </Field>
              </form>
              <fieldset className="audio-nudges">
                <legend className="sr-only">Nudge the offset</legend>
                <ActionButton actionId="audio.nudge.secondEarlier" variant="secondary" size="sm">
                  −1 s
                </ActionButton>
                <ActionButton actionId="audio.nudge.frameEarlier" variant="secondary" size="sm">
                  −1 fr
                </ActionButton>
                <ActionButton actionId="audio.nudge.frameLater" variant="secondary" size="sm">
                  +1 fr
                </ActionButton>
                <ActionButton actionId="audio.nudge.secondLater" variant="secondary" size="sm">
                  +1 s
                </ActionButton>
              </fieldset>
              <p className="audio-panel__note">
                <Kbd>,</Kbd>
                <Kbd>.</Kbd> nudge a frame · <Kbd>[</Kbd>
                <Kbd>]</Kbd> a second. The timeline draws the waveform at this offset.
              </p>
            </section>

            <section className="card audio-panel" aria-labelledby="audio-cut-title">
              <h2 id="audio-cut-title" className="section-title">
                Cut soundtrack
              </h2>
              {cuts.isLoading ? (
                <Skeleton height={40} />
              ) : cutList.length === 0 ? (
                <p className="audio-panel__note">
                  No cuts yet. A cut made on the timeline (Create Cut) carries the soundtrack at this offset.
                </p>
              ) : (
                <>
                  <div className="audio-cut">
                    <Select
                      aria-label="Cut"
                      className="audio-cut__select"
                      value={cut?.id ?? ''}
                      onValueChange={setChosenCut}
                      options={cutList.map((entry) => ({
                        value: entry.id,
                        label: `${entry.name} v${entry.version}${entry.hasSoundtrack ? ' · has a soundtrack' : ''}`,
                      }))}
                    />
                    <ActionButton
                      actionId="audio.setCut"
                      variant="primary"
                      busy={settingCut}
                      icon={Scissors}
                    />
                  </div>
                  <p className="audio-panel__note">
                    The cut’s EDL, OTIO, FCPXML and its rough cut carry the soundtrack at{' '}
                    <span className="mono">{formatOffset(offset)}</span>.
                  </p>
                </>
              )}
            </section>
          </div>
        </>
      )}

      <DialogueLines projectId={projectId} onControls={setLine} />

      <Modal
        open={confirmRemove}
        onOpenChange={(open) => (open ? undefined : setConfirmRemove(false))}
        size="small"
        title="Remove the soundtrack?"
        description="Its file is deleted and the timeline loses its waveform. Cuts that carry it keep theirs until set again."
        locked={removing}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={removing} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" busy={removing} onClick={() => void remove()}>
              Remove soundtrack
            </Button>
          </>
        }
      />
    </div>
  );
}
