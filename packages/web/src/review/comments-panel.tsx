import { type ReviewComment } from '@reelbench/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Trash2 } from 'lucide-react';
import { queries, queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { errorBody } from '../state/errors.js';
import { formatTimecode } from '../timeline/timeline-model.js';
import { Button } from '../ui/button.js';
import { Skeleton } from '../ui/card.js';
import '../styles/review.css';

/**
 * The reviewers' comments on a project, live: a comment left on a review link appears here as it
 * is posted (review:comment-added in the project's room). Each jumps to its time; the owner may
 * delete one. Mounted on the timeline (and later the rough-cut page).
 */
export function CommentsPanel({
  projectId,
  onJump,
}: {
  projectId: string;
  /** Seconds from the start of the cut. */
  onJump?: (seconds: number) => void;
}) {
  const { client, toasts, activity } = useServices();
  const queryClient = useQueryClient();
  const comments = useQuery(queries.reviewComments(client, projectId));

  // New and deleted comments arrive through the live sync (app/live-sync.ts), into this query.

  const remove = async (comment: ReviewComment) => {
    try {
      await activity.track(client.review.deleteComment(projectId, comment.id));
      queryClient.setQueryData(queryKeys.reviewComments(projectId), (list) =>
        list?.filter((entry) => entry.id !== comment.id),
      );
    } catch (failure) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(failure) });
    }
  };

  const list = comments.data ?? [];
  return (
    <section className="comments-panel" aria-labelledby="comments-panel-title">
      <header className="comments-panel__header">
        <h2 id="comments-panel-title" className="comments-panel__title">
          <MessageSquare size={14} aria-hidden="true" /> Review comments
        </h2>
        <span className="comments-panel__count mono">{comments.data ? list.length : ''}</span>
      </header>
      {comments.isPending ? (
        <Skeleton height={48} />
      ) : comments.isError ? (
        <p className="comments-panel__empty">{errorBody(comments.error)}</p>
      ) : list.length === 0 ? (
        <p className="comments-panel__empty">
          No comments yet. Share for Review (Ctrl K) makes a link reviewers can comment through.
        </p>
      ) : (
        <ol className="comments-panel__list" aria-live="polite">
          {list.map((comment) => (
            <li key={comment.id} className="comments-panel__item">
              <div className="comments-panel__line">
                {onJump ? (
                  <button
                    type="button"
                    className="comments-panel__time mono"
                    onClick={() => onJump(comment.timeMs / 1000)}
                    aria-label={`Jump to ${formatTimecode(comment.timeMs / 1000)}`}
                  >
                    {formatTimecode(comment.timeMs / 1000)}
                  </button>
                ) : (
                  <span className="comments-panel__time mono">{formatTimecode(comment.timeMs / 1000)}</span>
                )}
                <span className="comments-panel__author">{comment.authorName}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="comments-panel__delete"
                  onClick={() => remove(comment)}
                  aria-label={`Delete comment by ${comment.authorName}`}
                  icon={Trash2}
                />
              </div>
              <p className="comments-panel__body">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
