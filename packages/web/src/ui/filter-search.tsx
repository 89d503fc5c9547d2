import { Search } from 'lucide-react';
import type { RefObject } from 'react';
import { Kbd } from './card.js';
import { Input } from './fields.js';

export interface FilterSearchProps {
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Hands the keyboard back to the page (its grid): Enter, Down, or Escape in an empty field. */
  onLeave: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The shortcut that focuses the field, as shown. */
  shortcut: string;
  /** The same shortcut for aria-keyshortcuts, where the page announces it. */
  keyshortcuts?: string;
}

/**
 * The text filter of a page's toolbar (shot list, assets): a search field with the shortcut that
 * focuses it. Escape clears a filled field; Enter, Down and Escape in an empty one leave it.
 */
export function FilterSearch({
  label,
  placeholder,
  value,
  onValueChange,
  onLeave,
  inputRef,
  shortcut,
  keyshortcuts,
}: FilterSearchProps) {
  return (
    <div className="shots-search">
      <Search size={14} aria-hidden="true" />
      <Input
        aria-label={label}
        ref={inputRef}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' && event.key !== 'Enter' && event.key !== 'ArrowDown') return;
          event.preventDefault();
          if (event.key === 'Escape' && value !== '') onValueChange('');
          else onLeave();
        }}
        aria-keyshortcuts={keyshortcuts}
      />
      <Kbd>{shortcut}</Kbd>
    </div>
  );
}
