import { Check } from 'lucide-react';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx.js';
import { Select, type SelectProps } from './select.js';

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
  className?: string;
}

/** A labelled form field: label, control, and a hint or an error read out with the control. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={cx('field', error !== undefined && error !== null && 'field--error', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: note ? noteId : undefined })}
      {note ? (
        <p id={noteId} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      ) : null}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={cx('input', className)} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={cx('input', 'textarea', className)} {...rest} />;
  },
);

type FieldLabels = Pick<FieldProps, 'label' | 'hint' | 'error' | 'className'>;

/** A Field holding one Input, tied to the field's label and to its hint or error. */
export function InputField({
  label,
  hint,
  error,
  className,
  ...input
}: FieldLabels & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} {...input} />}
    </Field>
  );
}

/** A Field holding one Textarea, tied to the field's label and to its hint or error. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  ...textarea
}: FieldLabels & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => <Textarea id={id} aria-describedby={describedBy} {...textarea} />}
    </Field>
  );
}

/** A Field holding one Select, tied to the field's label and to its hint or error. */
export function SelectField({
  label,
  hint,
  error,
  className,
  ...select
}: FieldLabels & Omit<SelectProps, 'id' | 'className' | 'aria-label' | 'aria-describedby'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => <Select id={id} aria-describedby={describedBy} {...select} />}
    </Field>
  );
}

/** A form-wide error (e.g. the server's reason a sign-in failed), read out when it appears. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, className, ...rest },
  ref,
) {
  return (
    <label className={cx('checkbox', className)}>
      <input ref={ref} type="checkbox" {...rest} />
      <span className="checkbox__box" aria-hidden="true">
        <Check size={12} strokeWidth={3} />
      </span>
      <span>{label}</span>
    </label>
  );
});

/**
 * The hidden file input behind an Upload/Import action: out of the tab order and visually hidden
 * (the action's button opens it with `click()`). It hands over the first chosen file and clears its
 * value, so choosing the same file again fires once more.
 */
export function HiddenFileInput({
  ref,
  onFile,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'tabIndex' | 'onChange'> & {
  ref?: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      className="sr-only"
      tabIndex={-1}
      {...rest}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
