import type { MenuProps } from '@mantine/core';
import { FloatingAfterFirstCommit, Menu } from '@psb/ui';
import type { ReactElement, ReactNode } from 'react';

interface HeaderMenuProps extends Omit<MenuProps, 'children' | 'defaultOpened'> {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: () => void }>;
  /** The menu's `Menu.Dropdown`. */
  children: ReactNode;
}

/** A menu of the page's header, mounted after the app's first commit (see useAfterFirstCommit in @psb/ui). */
export function HeaderMenu({ target, children, ...menuProps }: HeaderMenuProps) {
  return (
    <FloatingAfterFirstCommit
      target={target}
      floating={(menuTarget, defaultOpened) => (
        <Menu {...menuProps} defaultOpened={defaultOpened}>
          <Menu.Target>{menuTarget}</Menu.Target>
          {children}
        </Menu>
      )}
    />
  );
}
