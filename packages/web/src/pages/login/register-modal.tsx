import { useServices } from '../../app/services-context.js';
import { FormError, InputField } from '../../ui/fields.js';
import { FormModal } from '../../ui/form-modal.js';
import { useSubmit, useTextFields } from '../../ui/use-submit.js';
import { EmailField, PasswordField } from './credential-fields.js';

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
  const fields = useTextFields({ email: '', username: '', password: '' });
  const { email, username, password } = fields.values;
  const { busy, error, submit } = useSubmit();

  const register = () =>
    submit(async () => {
      const reply = await client.auth.register({ email: email.trim(), username: username.trim(), password });
      if (reply.user) session.signedIn(reply.user);
      else await session.check();
      onDone();
    });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Create your account"
      description="One account for the workbench, the CLI and the SDK."
      submitLabel="Create account"
      onSubmit={() => void register()}
    >
      <FormError error={error} />
      <EmailField {...fields.bind('email')} autoFocus />
      <InputField
        label="Username"
        hint="3 to 40 letters, digits, _ . or -"
        autoComplete="username"
        required
        minLength={3}
        maxLength={40}
        {...fields.bind('username')}
      />
      <PasswordField
        autoComplete="new-password"
        hint="At least 8 characters"
        minLength={8}
        {...fields.bind('password')}
      />
    </FormModal>
  );
}
