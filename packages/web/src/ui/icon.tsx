import type { LucideIcon } from 'lucide-react';
import { isValidElement, type ReactNode } from 'react';

/** An icon prop: a Lucide icon component (drawn at the holder's size) or any node drawn as given. */
export type IconProp = ReactNode | LucideIcon;

function isIconComponent(icon: IconProp): icon is LucideIcon {
  if (typeof icon === 'function') return true;
  return typeof icon === 'object' && icon !== null && !isValidElement(icon) && 'render' in icon;
}

/** Draws an icon prop: a component at `size`, decorative (aria-hidden); a node unchanged. */
export function renderIcon(icon: IconProp, size: number): ReactNode {
  if (!isIconComponent(icon)) return icon;
  const Icon = icon;
  return <Icon size={size} aria-hidden="true" />;
}
