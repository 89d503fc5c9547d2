import { type ReviewLink, type ReviewLinkSummary } from '@reelbench/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { queries, queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';
import { useActionContext } from '../shell/use-action.js';
import { errorBody } from '../state/errors.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { Field, Input, SelectField } from '../ui/fields.js';
import { Modal } from '../ui/modal.js';
import '../styles/review.css';

const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Until revoked' },
  { value: '24', label: '1 day' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
] as const;

function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Share for Review (palette): makes a read-only link to the project, shown once with a copy button,
 * and lists the project's live links with their expiry, each revocable.
 */
export function ShareReviewModal() {
  const { ui, client, toasts, activity } = useServices();
  const queryClient = useQueryClient();
  const open = useStore(ui.store, (state) => state.shareReviewOpen);
  const { projectId } = useActionContext();
  const [expiry, setExpiry] = useState<string>('168');
  const [created, setCreated] = useState<ReviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const links = useQuery({
    ...queries.reviewLinks(client, projectId ?? ''),
    enabled: open && projectId !== null,
  });

  const close = () => {
    ui.patch({ shareReviewOpen: false });
    setCreated(null);
    setCopied(false);
    setError(null);
  };

  const create = async () => {
    if (projectId === null) return;
    setBusy(true);
    setError(null);
    try {
      const link = await activity.track(
        client.review.createLink(projectId, expiry === 'never' ? {} : { expiresInHours: Number(expiry) }),
      );
      setCreated(link);
      setCopied(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviewLinks(projectId) });
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(absoluteUrl(created.url));
      setCopied(true);
    } catch {
      toasts.show({
        type: 'info',
        title: 'Copy the link by hand',
        message: 'The clipboard is not available here.',
      });
    }
  };

  const revoke = async (link: ReviewLinkSummary) => {
    if (projectId === null) return;
    try {
      await activity.track(client.review.revokeLink(projectId, link.id));
      if (created?.id === link.id) setCreated(null);
      toasts.show({
        type: 'success',
        title: 'Review link revoked',
        message: `Link ${link.hint}… no longer opens.`,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviewLinks(projectId) });
    } catch (failure) {
      setError(errorBody(failure));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? ui.patch({ shareReviewOpen: true }) : close())}
      size="medium"
      title="Share for review"
      description="Anyone with the link sees the storyboard and the cut, read-only, and can leave time-coded comments with just a name."
      footer={
        <Button variant="secondary" onClick={close}>
          Done
        </Button>
      }
    >
      <div className="share-review">
        <div className="share-review__create">
          <SelectField
            label="Link works"
            value={expiry}
            onValueChange={setExpiry}
            options={EXPIRY_OPTIONS}
            disabled={busy}
          />
          <Button variant="primary" onClick={create} busy={busy} disabled={projectId === null} icon={Link2}>
            Create link
          </Button>
        </div>
        {created ? (
          <div className="share-review__created" role="status">
            <Field label="New review link (shown once)">
              {({ id }) => (
                <Input
                  id={id}
                  readOnly
                  value={absoluteUrl(created.url)}
                  onFocus={(event) => event.currentTarget.select()}
                />
              )}
            </Field>
            <Button
              variant="secondary"
              onClick={copy}
              icon={copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        ) : null}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <section aria-label="Review links">
          <h3 className="share-review__heading">Live links</h3>
          {links.data && links.data.length > 0 ? (
            <ul className="share-review__list">
              {links.data.map((link) => (
                <li key={link.id} className="share-review__link">
                  <span className="mono">{link.hint}…</span>
                  <span className="share-review__meta">
                    Created {formatDate(link.createdAt)} ·{' '}
                    {link.expired
                      ? 'expired'
                      : link.expiresAt
                        ? `works until ${formatDate(link.expiresAt)}`
                        : 'works until revoked'}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => revoke(link)}
                    aria-label={`Revoke link ${link.hint}`}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="share-review__empty">{links.isPending ? 'Loading links…' : 'No live links yet.'}</p>
          )}
        </section>
      </div>
    </Modal>
  );
}
