import type { ChangeEvent } from 'react';
import { InputField } from '../../ui/fields.js';

interface CredentialProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoFocus?: boolean;
}

/** The email field of sign-in and of registration. */
export function EmailField(props: CredentialProps) {
  return <InputField label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password field: the current one to sign in, a new one (with its rule as the hint) to register. */
export function PasswordField({
  autoComplete,
  ...props
}: CredentialProps & {
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  minLength?: number;
}) {
  return <InputField label="Password" type="password" autoComplete={autoComplete} required {...props} />;
}
