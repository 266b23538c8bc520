import { Drawer } from 'antd';
import { type ReactNode, useId } from 'react';
import { useReturnFocus } from '../a11y/useReturnFocus';
import { useTabWrap } from '../a11y/useTabWrap';

interface DetailDrawerProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Pixels or a CSS width (default 40%). */
  size?: number | string;
  testId?: string;
}

/**
 * A read-only look at a record beside its list (docs/accessibility.md): a right-hand drawer, a dialog named by its
 * title, that keeps the focus inside while open; Escape or the close button closes it and the focus returns to the
 * control that opened it.
 */
export function DetailDrawer({ title, open, onClose, children, size = '40%', testId }: DetailDrawerProps) {
  const returnFocus = useReturnFocus(open);
  const rootClass = `crm-drawer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useTabWrap(open, `.${rootClass} .ant-drawer-section`);
  return (
    <Drawer
      title={title}
      rootClassName={rootClass}
      placement="right"
      size={size}
      open={open}
      onClose={onClose}
      keyboard
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(visible) => {
        if (!visible) returnFocus();
      }}
      destroyOnHidden
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}
