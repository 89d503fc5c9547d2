import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Input, Textarea } from './fields.js';

export interface LiveTextFieldProps {
  id: string;
  /** The stored value (what the cache holds); shown again when the field is not being edited. */
  value: string;
  /**
   * Every change as it is typed, with the typing session it belongs to (one per focus: one undo step
   * for what was typed in one go). Goes straight to the save manager, which saves it 1 s after the
   * last key, or at once when the page is hidden or closed.
   */
  onEdit: (value: string, session: string) => void;
  /** The field is left (blur, Enter on one line): save now instead of waiting for the debounce. */
  onSettle?: () => void;
  /** Escape: take back what this session wrote (the field shows what it held when it got the focus). */
  onCancel?: (session: string) => void;
  multiline?: number;
  describedBy?: string | undefined;
  inputMode?: 'decimal';
}

let sessions = 0;

/**
 * A text field whose edits are saved as they are typed (issue 26: never lose an edit): no edit waits
 * in the field for a blur. Escape takes the field back to what it held when it got the focus; a
 * value the caller refuses (an empty name) is shown as stored again when the field is left.
 */
export function LiveTextField({
  id,
  value,
  onEdit,
  onSettle,
  onCancel,
  multiline,
  describedBy,
  inputMode,
}: LiveTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  const session = useRef<{ key: string; original: string } | null>(null);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  const begin = () => {
    sessions += 1;
    session.current = { key: `typing-${sessions}`, original: value };
  };
  const settle = () => {
    session.current = null;
    onSettle?.();
  };
  const common = {
    id,
    value: draft,
    'aria-describedby': describedBy,
    onFocus: () => {
      setEditing(true);
      begin();
    },
    onBlur: () => {
      setEditing(false);
      settle();
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.target.value;
      setDraft(next);
      if (!session.current) begin();
      onEdit(next, session.current?.key ?? '');
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === 'Escape') {
        const current = session.current;
        if (current && current.original !== draft) {
          setDraft(current.original);
          if (onCancel) onCancel(current.key);
          else onEdit(current.original, current.key);
        }
        event.currentTarget.blur();
      } else if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        // What follows is a new undo step; what was typed is saved now.
        settle();
      }
    },
  };
  return multiline ? <Textarea rows={multiline} {...common} /> : <Input inputMode={inputMode} {...common} />;
}
