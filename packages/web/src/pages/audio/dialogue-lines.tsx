import type { Job } from '@reelbench/sdk';
import type { DialogueLine } from '@reelbench/sdk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, MessageSquareQuote, Mic, Pause, Play, RefreshCw, Upload } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import {
  DIALOGUE_JOB,
  extensionBadges,
  groupLines,
  listedOrder,
  type SceneLines,
} from '../../audio/dialogue.js';
import { Waveform } from '../../audio/waveform.js';
import { plural } from '../../format/format.js';
import { ActionButton } from '../../shell/action-button.js';
import { sceneColorVar } from '../../shots/scene-color.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { formatClipDuration, spokenDuration } from '../../timeline/timeline-model.js';
import { EmptyState, Kbd, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { HiddenFileInput } from '../../ui/fields.js';
import { ProgressBar } from '../../ui/widgets.js';
import type { DialogueLineControls } from './audio-actions.js';

/** What the take's file pick takes; the server sniffs the content whatever the name says. */
export const AUDIO_ACCEPT =
  '.mp3,.wav,.m4a,.ogg,.oga,.flac,audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/ogg,audio/flac';

const lineDomId = (lineId: string) => `dialogue-line-${lineId}`;

/** The newest scratch-track job of the project (the tracker knows every job of the user, live). */
function useDialogueJob(projectId: string): Job | undefined {
  const { jobs } = useServices();
  return useStore(jobs.store, (state) => {
    let newest: Job | undefined;
    for (const job of state.jobs.values()) {
      if (job.projectId !== projectId || job.type !== DIALOGUE_JOB) continue;
      if (!newest || job.createdAt > newest.createdAt) newest = job;
    }
    return newest;
  });
}

/** One line player for the page: a line at a time, its time while it plays. */
function useLinePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [time, setTime] = useState(0);
  useEffect(() => {
    const element = new Audio();
    element.preload = 'auto';
    audio.current = element;
    let frame = 0;
    const tick = () => {
      setTime(element.currentTime);
      frame = element.paused ? 0 : requestAnimationFrame(tick);
    };
    const onPlay = () => {
      if (frame === 0) frame = requestAnimationFrame(tick);
    };
    const onStop = () => {
      setPlaying(null);
      setTime(0);
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    // Whatever else starts playing on the page (the soundtrack) stops the line, and a line stops it.
    const onOtherPlay = (event: Event) => {
      if (event.target !== element) element.pause();
    };
    document.addEventListener('play', onOtherPlay, true);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      element.pause();
      element.removeAttribute('src');
      document.removeEventListener('play', onOtherPlay, true);
    };
  }, []);
  const toggle = (line: DialogueLine) => {
    const element = audio.current;
    if (!element) return;
    if (playing === line.id) {
      element.pause();
      return;
    }
    for (const other of document.querySelectorAll('audio')) other.pause();
    element.src = line.url;
    element.currentTime = 0;
    setPlaying(line.id);
    setTime(0);
    void element.play().catch(() => setPlaying(null));
  };
  const stop = () => audio.current?.pause();
  return { playing, time, toggle, stop };
}

type Busy = { lineId: string; what: 'speaking' | 'uploading' | 'replacing'; percent: number };

/**
 * The scratch track's lines by scene, then character (audio page): text, parenthetical and
 * extension badges, length, waveform and source; play one (Enter or Space on the row), regenerate
 * it, or replace it with a recorded take. The row that has the focus is the one the line actions
 * act on (`onControls`).
 */
export function DialogueLines({
  projectId,
  onControls,
}: {
  projectId: string;
  onControls: (controls: DialogueLineControls | undefined) => void;
}) {
  const services = useServices();
  const { client, toasts, activity } = services;
  const queryClient = useQueryClient();
  const query = useQuery(queries.dialogueLines(client, projectId));
  const lines = query.data ?? [];
  const scenes = useMemo(() => groupLines(query.data ?? []), [query.data]);
  const order = useMemo(() => listedOrder(scenes), [scenes]);
  const project = useQuery(queries.project(client, projectId)).data;
  // Each scene's name and colour as the timeline shows them, from the scene of a shot its lines are in.
  const sceneOfShot = useMemo(() => {
    const map = new Map<string, { name: string; color: string }>();
    for (const scene of project?.settings.scenes ?? [])
      for (const shotId of scene.shotIds) map.set(shotId, { name: scene.name, color: scene.color });
    return map;
  }, [project]);
  const job = useDialogueJob(projectId);
  const running = job !== undefined && isActiveJob(job);
  const player = useLinePlayer();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const takeFor = useRef<string | null>(null);

  const active = order.find((line) => line.id === activeId) ?? order[0];
  const totalMs = lines.reduce((sum, line) => sum + line.durationMs, 0);

  const setLine = (next: DialogueLine) =>
    queryClient.setQueryData(queryKeys.dialogueLines(projectId), (list) =>
      list?.map((line) => (line.id === next.id ? next : line)),
    );

  const regenerate = async (line: DialogueLine) => {
    setBusy({ lineId: line.id, what: 'speaking', percent: 0 });
    try {
      if (player.playing === line.id) player.stop();
      const next = await activity.track(client.audio.regenerateLine(projectId, line.id));
      setLine(next);
      toasts.show({
        type: 'success',
        title: 'Line Regenerated',
        message: `${line.character}: ${formatClipDuration(next.durationMs / 1000)}`,
      });
    } catch (error) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
    } finally {
      setBusy(null);
    }
  };

  const replace = async (lineId: string, file: File) => {
    const line = order.find((candidate) => candidate.id === lineId);
    if (!line) return;
    setBusy({ lineId, what: 'uploading', percent: 0 });
    try {
      if (player.playing === lineId) player.stop();
      const stored = await activity.track(
        client.files.uploadAudio(projectId, file, {
          onProgress: (percent) =>
            setBusy((current) => (current ? { ...current, percent: Math.min(100, percent) } : current)),
        }),
      );
      setBusy({ lineId, what: 'replacing', percent: 100 });
      const next = await activity.track(client.audio.uploadLine(projectId, lineId, stored.key));
      setLine(next);
      toasts.show({
        type: 'success',
        title: 'Recorded Take Set',
        message: `${line.character}: ${file.name}, ${formatClipDuration(next.durationMs / 1000)}`,
      });
    } catch (error) {
      toasts.show({ type: 'error', title: 'Audio upload failed', message: errorBody(error) });
    } finally {
      setBusy(null);
    }
  };

  // The line actions act on the row that has (or last had) the focus.
  const latest = useRef({ active, busy, player, regenerate });
  latest.current = { active, busy, player, regenerate };
  const activeLineId = active?.id;
  const idle = busy === null;
  useEffect(() => {
    if (activeLineId === undefined) {
      onControls(undefined);
      return;
    }
    onControls({
      id: activeLineId,
      togglePlay: () => {
        const line = latest.current.active;
        if (line) latest.current.player.toggle(line);
      },
      ...(idle
        ? {
            regenerate: () => {
              const line = latest.current.active;
              if (line) void latest.current.regenerate(line);
            },
            replace: () => {
              takeFor.current = latest.current.active?.id ?? null;
              fileInput.current?.click();
            },
          }
        : {}),
    });
  }, [activeLineId, idle, onControls]);
  useEffect(() => () => onControls(undefined), [onControls]);

  const focusLine = (lineId: string) => {
    setActiveId(lineId);
    document.getElementById(lineDomId(lineId))?.focus();
  };
  const onRowKey = (event: KeyboardEvent<HTMLElement>, line: DialogueLine) => {
    if (event.target !== event.currentTarget) return;
    const index = order.findIndex((candidate) => candidate.id === line.id);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: order.length - 1,
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      player.toggle(line);
      return;
    }
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = order[Math.max(0, Math.min(order.length - 1, to))];
    if (next) focusLine(next.id);
  };

  const header = (
    <header className="dialogue__header">
      <div>
        <h2 id="dialogue-title" className="section-title">
          Dialogue
        </h2>
        <p className="dialogue__facts mono">
          {lines.length > 0
            ? `${plural(lines.length, 'line')} · ${plural(scenes.length, 'scene')} · ${formatClipDuration(totalMs / 1000)} spoken`
            : 'The scratch track: every line spoken in its character’s voice'}
        </p>
      </div>
      <div className="dialogue__actions">
        <ActionButton actionId="shots.timeToDialogue" variant="secondary" size="sm" icon={Clock} />
        <ActionButton
          actionId="generate.scratchTrack"
          variant={lines.length > 0 ? 'secondary' : 'primary'}
          size="sm"
          icon={Mic}
          busy={running}
        />
      </div>
    </header>
  );

  return (
    <section className="card dialogue" aria-labelledby="dialogue-title">
      {header}
      {job && running ? (
        <div className="dialogue__job" aria-live="polite">
          <ProgressBar value={job.progress} label="Scratch track progress" status={job.status} />
          <span className="dialogue__job-message">{job.message ?? 'Speaking the lines…'}</span>
        </div>
      ) : job?.status === 'failed' && job.error ? (
        <p className="dialogue__job dialogue__job--failed" role="alert">
          The scratch track failed: {job.error}
        </p>
      ) : null}
      {query.isLoading ? (
        <Skeleton height={120} />
      ) : query.isError ? (
        <EmptyState title="The dialogue lines could not be loaded">{errorBody(query.error)}</EmptyState>
      ) : lines.length === 0 ? (
        <EmptyState
          icon={MessageSquareQuote}
          title={running ? 'Speaking the script…' : 'No scratch track yet — Generate Scratch Track · Ctrl K'}
          actions={
            running ? null : <ActionButton actionId="generate.scratchTrack" variant="primary" icon={Mic} />
          }
        >
          Every dialogue line of the saved script is spoken in its character’s voice (set on the character’s
          asset page). Then Time Shots to Dialogue fits each dialogue shot to its lines, and the timeline
          plays them under the picture.
        </EmptyState>
      ) : (
        <div className="dialogue__scenes">
          <p className="dialogue__keys" aria-hidden="true">
            <Kbd>↑</Kbd>
            <Kbd>↓</Kbd> move · <Kbd>Enter</Kbd> or <Kbd>Space</Kbd> play · <Kbd>R</Kbd> regenerate ·{' '}
            <Kbd>T</Kbd> replace with a take
          </p>
          {scenes.map((scene) => {
            const shown = sceneShown(scene, sceneOfShot);
            return (
              <section
                key={scene.sceneNumber}
                className="dialogue__scene"
                aria-label={`Scene ${scene.sceneNumber}`}
                style={{ ['--scene-color' as string]: sceneColorVar(shown?.color ?? null) }}
              >
                <h3 className="dialogue__scene-title">
                  <span className="dialogue__scene-number mono">
                    {String(scene.sceneNumber).padStart(2, '0')}
                  </span>
                  {shown?.name ?? `Scene ${scene.sceneNumber}`}
                  <span className="dialogue__scene-facts mono">
                    {plural(scene.count, 'line')} · {formatClipDuration(scene.totalMs / 1000)}
                  </span>
                </h3>
                {scene.groups.map((group) => (
                  <div key={group.key} className="dialogue__group">
                    <h4 className="dialogue__character">{group.character}</h4>
                    <ul
                      className="dialogue__lines"
                      aria-label={`${group.character} in scene ${scene.sceneNumber}`}
                    >
                      {group.lines.map((line) => (
                        <LineRow
                          key={line.id}
                          line={line}
                          tabbable={line.id === active?.id}
                          playing={player.playing === line.id}
                          playedSeconds={player.playing === line.id ? player.time : 0}
                          busy={busy?.lineId === line.id ? busy : null}
                          onFocus={() => setActiveId(line.id)}
                          onKeyDown={(event) => onRowKey(event, line)}
                        />
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            );
          })}
        </div>
      )}
      <HiddenFileInput
        ref={fileInput}
        accept={AUDIO_ACCEPT}
        aria-label="Recorded take"
        data-testid="dialogue-take-file"
        onFile={(file) => {
          const lineId = takeFor.current;
          takeFor.current = null;
          if (lineId) void replace(lineId, file);
        }}
      />
    </section>
  );
}

/** The project's scene (name, colour) that holds the first of a film scene's lines under a shot. */
function sceneShown(
  scene: SceneLines,
  sceneOfShot: ReadonlyMap<string, { name: string; color: string }>,
): { name: string; color: string } | undefined {
  for (const group of scene.groups)
    for (const line of group.lines) {
      const found = line.shotId === null ? undefined : sceneOfShot.get(line.shotId);
      if (found) return found;
    }
  return undefined;
}

function LineRow({
  line,
  tabbable,
  playing,
  playedSeconds,
  busy,
  onFocus,
  onKeyDown,
}: {
  line: DialogueLine;
  tabbable: boolean;
  playing: boolean;
  playedSeconds: number;
  busy: Busy | null;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const seconds = line.durationMs / 1000;
  const badges = extensionBadges(line.extension);
  const uploaded = line.source === 'uploaded';
  const played = seconds > 0 ? Math.min(1, playedSeconds / seconds) : 0;
  return (
    <li
      id={lineDomId(line.id)}
      className={cx('dialogue-line', playing && 'is-playing', busy && 'is-busy')}
      data-line-id={line.id}
      tabIndex={tabbable ? 0 : -1}
      aria-label={`${line.character}${badges.length > 0 ? ` (${badges.join(', ')})` : ''}: ${line.text} — ${spokenDuration(seconds)}, ${uploaded ? 'recorded take' : 'generated'}`}
      aria-current={playing ? 'true' : undefined}
      onFocus={onFocus}
      onPointerDown={onFocus}
      onKeyDown={onKeyDown}
    >
      <ActionButton
        actionId="dialogue.playLine"
        iconOnly
        size="sm"
        variant={playing ? 'primary' : 'ghost'}
        tabIndex={-1}
        aria-pressed={playing}
        icon={playing ? <Pause size={15} aria-hidden="true" /> : <Play size={15} aria-hidden="true" />}
      />
      <div className="dialogue-line__text">
        <p className="dialogue-line__words">
          {line.parenthetical ? <span className="dialogue-line__paren">{line.parenthetical} </span> : null}
          {line.text}
        </p>
        <p className="dialogue-line__meta">
          {badges.map((badge) => (
            <span key={badge} className="dialogue-badge">
              {badge}
            </span>
          ))}
          {line.manner !== 'normal' ? (
            <span className="dialogue-badge dialogue-badge--manner">{line.manner}</span>
          ) : null}
          <span className={cx('dialogue-source', uploaded && 'dialogue-source--take')}>
            {uploaded ? 'Recorded take' : 'Generated'}
          </span>
          {busy ? (
            <span className="dialogue-line__busy" role="status">
              {busy.what === 'speaking'
                ? 'Speaking it again…'
                : busy.what === 'uploading'
                  ? `Uploading the take ${Math.round(busy.percent)} %`
                  : 'Reading the take…'}
            </span>
          ) : null}
        </p>
      </div>
      <div className="dialogue-line__wave">
        <Waveform peaks={line.peaks} durationSeconds={seconds} />
        {playing ? (
          <div className="dialogue-line__played" style={{ width: `${played * 100}%` }} aria-hidden="true" />
        ) : null}
      </div>
      <span className="dialogue-line__duration mono">{formatClipDuration(seconds)}</span>
      <div className="dialogue-line__actions">
        <ActionButton
          actionId="dialogue.regenerateLine"
          iconOnly
          size="sm"
          variant="ghost"
          tabIndex={-1}
          icon={RefreshCw}
        />
        <ActionButton
          actionId="dialogue.replaceLine"
          iconOnly
          size="sm"
          variant="ghost"
          tabIndex={-1}
          icon={Upload}
        />
      </div>
    </li>
  );
}
