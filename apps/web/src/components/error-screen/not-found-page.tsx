import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen.tsx';

type Props = {
  fullPage?: boolean;
  /** What is missing, e.g. 'Die Rolle wurde nicht gefunden.' (default: the address does not exist). */
  hint?: string;
  /** A way back besides the link home, e.g. to the list the record was expected in. */
  actions?: ReactNode;
};

/** Not found: status 404 with the spec's sentence and a link home. */
export function NotFoundPage({ fullPage = false, hint, actions }: Props) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      status={404}
      message={t('errors.notFound')}
      hint={hint ?? t('errors.notFoundHint')}
      actions={actions}
      fullPage={fullPage}
    />
  );
}
