import { PRODUCT_NAME } from '@schutzwerk/shared/constants.ts';
import { useEffect } from 'react';

/** 'Titel – Schutzwerk' as the browser tab title. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
