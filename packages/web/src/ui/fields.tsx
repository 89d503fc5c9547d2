import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx.js';

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

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
}

export interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  className?: string;
}

/** A select on Radix: arrow keys, type-ahead, Escape, and focus returned to the trigger. */
export function Select({ id, value, onValueChange, options, disabled, className, ...aria }: SelectProps) {
  const current = options.find((option) => option.value === value);
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        className={cx('input', 'select', className)}
        aria-label={aria['aria-label']}
        aria-describedby={aria['aria-describedby']}
      >
        <RadixSelect.Value>{current?.label ?? value}</RadixSelect.Value>
        <RadixSelect.Icon className="select__icon">
          <ChevronDown size={14} aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                {option.description ? <span className="select__item-hint">{option.description}</span> : null}
                <RadixSelect.ItemIndicator className="select__check">
                  <Check size={14} aria-hidden="true" />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
