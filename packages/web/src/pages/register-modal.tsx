import { type FormEvent, useState } from 'react';
import { useServices } from '../app/services-context.js';
import { errorBody } from '../state/errors.js';
import { Button } from '../ui/button.js';
import { Field, Input } from '../ui/fields.js';
import { Modal } from '../ui/modal.js';

/** The register modal of /login: email, username, password; the server's reason on failure. */
export function RegisterModal({
  open,
  onOpenChange,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const { client, session } = useServices();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await client.auth.register({ email: email.trim(), username: username.trim(), password });
      if (reply.user) session.signedIn(reply.user);
      else await session.check();
      onDone();
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      locked={busy}
      size="small"
      title="Create your account"
      description="One account for the workbench, the CLI and the SDK."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="register-form" busy={busy}>
            Create account
          </Button>
        </>
      }
    >
      <form id="register-form" className="form-stack" onSubmit={submit}>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Field label="Email">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
          )}
        </Field>
        <Field label="Username" hint="3 to 40 letters, digits, _ . or -">
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              autoComplete="username"
              required
              minLength={3}
              maxLength={40}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" hint="At least 8 characters">
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
