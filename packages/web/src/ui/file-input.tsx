import type { InputHTMLAttributes, Ref } from 'react';

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
