import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cx } from './cx.js';

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
