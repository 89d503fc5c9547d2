import { useNavigate, useSearch } from '@tanstack/react-router';
import { Clapperboard } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../../app/services-context.js';
import { useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/fields.js';
import { useSubmit } from '../../ui/use-submit.js';
import { EmailField, PasswordField } from './credential-fields.js';

const RegisterModal = lazy(() =>
  import('./register-modal.js').then((module) => ({ default: module.RegisterModal })),
);

/** /login: sign in, or create an account in the register modal. Errors read as the server says them. */
export function LoginPage() {
  const { client, session } = useServices();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const status = useStore(session.store, (state) => state.status);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit: track } = useSubmit();
  const [registering, setRegistering] = useState(false);

  useEffect(() => {
    void session.check();
  }, [session]);
  useEffect(() => {
    if (status === 'signed-in') void navigate({ to: search.redirect ?? '/' });
  }, [status, navigate, search.redirect]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void track(async () => {
      const reply = await client.auth.login({ email: email.trim(), password });
      if (reply.user) session.signedIn(reply.user);
      else await session.check();
    });
  };

  return (
    <div className="login">
      <div className="login__art" aria-hidden="true">
        <div className="login__frames">
          {Array.from({ length: 12 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: decorative, fixed length
            <span key={index} className="login__frame" style={{ animationDelay: `${index * 120}ms` }} />
          ))}
        </div>
        <p className="login__tagline">From a screenplay to a watchable cut.</p>
      </div>
      <main className="login__panel">
        <div className="login__brand">
          <span className="brand-mark brand-mark--large" aria-hidden="true">
            <Clapperboard size={20} />
          </span>
          <span>Reelbench</span>
        </div>
        <h1 className="login__title">Sign in</h1>
        <p className="login__lede">
          Write the script, break it into shots, render every frame, and hand the cut to your editor.
        </p>
        <form className="form-stack" onSubmit={submit} aria-label="Sign in">
          <FormError error={error} />
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordField
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button variant="primary" size="lg" type="submit" busy={busy} className="login__submit">
            Sign in
          </Button>
        </form>
        <p className="login__switch">
          New to Reelbench?{' '}
          <Button variant="link" onClick={() => setRegistering(true)}>
            Create an account
          </Button>
        </p>
      </main>
      {registering ? (
        <Suspense fallback={null}>
          <RegisterModal
            open={registering}
            onOpenChange={setRegistering}
            onDone={() => setRegistering(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
