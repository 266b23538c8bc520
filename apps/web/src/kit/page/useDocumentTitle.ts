import { APP } from '@crm/domain';
import { useEffect } from 'react';

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP.NAME}` : APP.NAME;
  }, [title]);
}
