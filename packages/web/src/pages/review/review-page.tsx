import { type AspectRatio, REVIEW_LIMITS, type ReviewComment, type ReviewView } from '@reelbench/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Film, Lock, MessageSquare, Pause, Play } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { PublicFrame } from '../../review/public-frame.js';
import type { ShotWithStaleness } from '../../shots/model.js';
import { projectAspect } from '../../shots/use-project-shots.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { Transport } from '../../timeline/playback.js';
import { formatTimecode, shotIndexAt } from '../../timeline/timeline-model.js';
import { Viewer, viewerAspectStyle } from '../../timeline/viewer.js';
import { Button } from '../../ui/button.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { Field, Input, Textarea } from '../../ui/fields.js';
import '../../styles/timeline.css';
import '../../styles/review.css';

const NAME_KEY = 'reelbench-reviewer-name';

/** A shot's length on the review's timeline, as the server counts it for a comment's shot. */
function lengthOf(shot: { duration: number }): number {
  return shot.duration > 0 ? shot.duration : 1;
}

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The playhead of the review: the rough cut's video when there is one, else the shots in order. */
interface ReviewClock {
  transport: Transport;
  total: number;
}

function ShotsPlayer({ view, clock }: { view: ReviewView; clock: ReviewClock }) {
  const { transport } = clock;
  const laid = useMemo(() => {
    let start = 0;
    return view.shots.map((shot, index) => {
      const entry = { shot: shot as ShotWithStaleness, index, start, sceneId: '' };
      start += lengthOf(shot);
      return entry;
    });
  }, [view.shots]);
  const starts = useMemo(() => laid.map((entry) => entry.start), [laid]);
  const index = useStore(transport.state, (state) => shotIndexAt(starts, state.time));
  const current = index >= 0 ? laid[index] : undefined;
  return (
    <Viewer
      entry={current}
      start={current?.start ?? 0}
      transport={transport}
      aspect={projectAspect(view.project, view.shots)}
    />
  );
}

function RoughCutPlayer({ url, clock, aspect }: { url: string; clock: ReviewClock; aspect: AspectRatio }) {
  const ref = useRef<HTMLVideoElement>(null);
  const { transport } = clock;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const onTime = () => transport.seek(video.currentTime);
    video.addEventListener('timeupdate', onTime);
    const off = transport.state.subscribe(() => {
      const { time, playing } = transport.state.get();
      if (playing && video.paused) void video.play().catch(() => {});
      if (!playing && !video.paused) video.pause();
      if (!playing && Math.abs(video.currentTime - time) > 0.05) video.currentTime = time;
    });
    return () => {
      off();
      video.removeEventListener('timeupdate', onTime);
    };
  }, [transport]);
  return (
    <section className="tl-viewer" aria-label="Rough cut">
      <div className="tl-viewer__screen" style={viewerAspectStyle(aspect)}>
        {/* biome-ignore lint/a11y/useMediaCaption: the rough cut has no dialogue track to caption */}
        <video ref={ref} className="tl-viewer__media" src={url} preload="auto" playsInline />
      </div>
    </section>
  );
}

function Transporter({ clock }: { clock: ReviewClock }) {
  const { transport, total } = clock;
  const time = useStore(transport.state, (state) => state.time);
  const playing = useStore(transport.state, (state) => state.playing);
  return (
    <div className="tl-transport review-transport" role="toolbar" aria-label="Playback">
      <Button
        variant="primary"
        className="tl-play"
        aria-pressed={playing}
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={() => (playing ? transport.pause() : transport.play())}
        icon={playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
      />
      <input
        type="range"
        className="review-transport__scrub"
        min={0}
        max={total}
        step={0.04}
        value={time}
        aria-label="Position"
        aria-valuetext={formatTimecode(time)}
        onChange={(event) => transport.seek(Number(event.currentTarget.value))}
      />
      <div className="tl-timecode mono">
        <span className="tl-timecode__now">{formatTimecode(time)}</span>
        <span className="tl-timecode__sep" aria-hidden="true">
          /
        </span>
        <span className="tl-timecode__total">{formatTimecode(total)}</span>
      </div>
    </div>
  );
}

function CommentForm({ token, clock }: { token: string; clock: ReviewClock }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const time = useStore(clock.transport.state, (state) => state.time);
  const [name, setName] = useState(() => globalThis.localStorage?.getItem(NAME_KEY) ?? '');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !body.trim()) {
      setError(!name.trim() ? 'Add your name' : 'Write a comment');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const comment = await client.review.comment(token, {
        authorName: name.trim(),
        body: body.trim(),
        timeMs: Math.round(time * 1000),
      });
      try {
        globalThis.localStorage?.setItem(NAME_KEY, name.trim());
      } catch {
        // Private mode: the name is asked again next time.
      }
      queryClient.setQueryData(queryKeys.review(token), (view) =>
        view ? { ...view, comments: [...view.comments, comment].sort((a, b) => a.timeMs - b.timeMs) } : view,
      );
      setBody('');
      setSent(true);
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="review-form" onSubmit={submit} aria-label="Leave a comment">
      <Field label="Your name">
        {({ id }) => (
          <Input
            id={id}
            value={name}
            maxLength={REVIEW_LIMITS.authorName}
            autoComplete="name"
            onChange={(event) => setName(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field label={`Comment at ${formatTimecode(time)}`}>
        {({ id }) => (
          <Textarea
            id={id}
            rows={3}
            value={body}
            maxLength={REVIEW_LIMITS.commentBody}
            placeholder="What should change here?"
            onChange={(event) => {
              setBody(event.currentTarget.value);
              setSent(false);
            }}
          />
        )}
      </Field>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="review-form__actions">
        <span className="review-form__sent" role="status">
          {sent ? 'Comment sent to the owner.' : ''}
        </span>
        <Button variant="primary" type="submit" busy={busy} icon={MessageSquare}>
          Post comment
        </Button>
      </div>
    </form>
  );
}

function CommentList({ comments, clock }: { comments: ReviewComment[]; clock: ReviewClock }) {
  if (comments.length === 0) return <p className="comments-panel__empty">No comments yet: be the first.</p>;
  return (
    <ol className="comments-panel__list">
      {comments.map((comment) => (
        <li key={comment.id} className="comments-panel__item">
          <div className="comments-panel__line">
            <button
              type="button"
              className="comments-panel__time mono"
              onClick={() => clock.transport.seek(comment.timeMs / 1000)}
              aria-label={`Jump to ${formatTimecode(comment.timeMs / 1000)}`}
            >
              {formatTimecode(comment.timeMs / 1000)}
            </button>
            <span className="comments-panel__author">{comment.authorName}</span>
          </div>
          <p className="comments-panel__body">{comment.body}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * /review/{token}: the shared project, read-only, for anyone holding the link: the rough cut (or
 * the shots in order), the storyboard, and time-coded comments that need only a name.
 */
export function ReviewPage() {
  const { token } = useParams({ from: '/review/$token' });
  const { client } = useServices();
  const view = useQuery(queries.review(client, token));
  const transport = useMemo(() => new Transport(), []);
  const total = view.data
    ? (view.data.roughCut?.duration ?? view.data.shots.reduce((sum, shot) => sum + lengthOf(shot), 0))
    : 0;
  useEffect(() => {
    transport.setTotal(total);
  }, [transport, total]);
  useEffect(() => () => transport.pause(), [transport]);

  if (view.isPending) {
    return (
      <PublicFrame title="Loading review…">
        <Skeleton height={320} />
      </PublicFrame>
    );
  }
  if (view.isError) {
    return (
      <PublicFrame title="Review link unavailable">
        <EmptyState icon={Lock} title="This link does not work">
          It may have expired or been revoked. Ask the project's owner for a new one.
        </EmptyState>
      </PublicFrame>
    );
  }
  const { project, shots, roughCut, comments } = view.data;
  const clock = { transport, total };
  const aspect = projectAspect(project, shots);
  return (
    <PublicFrame title={project.name}>
      <p className="page__subtitle">
        {shots.length} {shots.length === 1 ? 'shot' : 'shots'} · {formatSeconds(total)}
        {project.description ? ` · ${project.description}` : ''}
      </p>
      {shots.length === 0 && !roughCut ? (
        <EmptyState icon={Film} title="Nothing to watch yet">
          The storyboard and the cut appear here once the project has shots.
        </EmptyState>
      ) : (
        <div className="review-layout">
          <div className="review-layout__player">
            {roughCut ? (
              <RoughCutPlayer url={roughCut.url} clock={clock} aspect={aspect} />
            ) : (
              <ShotsPlayer view={view.data} clock={clock} />
            )}
            <Transporter clock={clock} />
          </div>
          <aside className="review-layout__comments comments-panel" aria-labelledby="review-comments-title">
            <h2 id="review-comments-title" className="comments-panel__title">
              <MessageSquare size={14} aria-hidden="true" /> Comments
            </h2>
            <CommentForm token={token} clock={clock} />
            <CommentList comments={comments} clock={clock} />
          </aside>
        </div>
      )}
      {shots.length > 0 ? (
        <section aria-labelledby="review-storyboard-title">
          <h2 id="review-storyboard-title" className="review-section__title">
            Storyboard
          </h2>
          <ol
            className="frame-grid"
            style={{ '--frame-aspect': aspect.replace(':', ' / ') } as React.CSSProperties}
          >
            {shots.map((shot, index) => (
              <li key={shot.id} className="frame-card">
                <div className="frame-card__image">
                  {shot.image_url ? (
                    <img src={shot.image_url} alt={`Shot ${index + 1}: ${shot.name}`} loading="lazy" />
                  ) : (
                    <span>No frame yet</span>
                  )}
                </div>
                <div className="frame-card__meta">
                  <span className="mono">{String(index + 1).padStart(3, '0')}</span>
                  <span className="frame-card__name">{shot.name}</span>
                  <span className="mono">{shot.duration}s</span>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </PublicFrame>
  );
}
