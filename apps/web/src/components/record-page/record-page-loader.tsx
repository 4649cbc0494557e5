import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '#components/error-screen/not-found-page.tsx';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';

const MAX_ID = 2_147_483_647;

/** The `:id` route parameter when it is a valid record id, else null. */
export function useRecordId(): number | null {
  const params = useParams();
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

type Props<T> = {
  /** Null for an id that cannot exist (the page answers 404 at once, without asking the server). */
  id: number | null;
  query: UseQueryResult<T>;
  /** Toolbar while loading or failed (the editor declares its own, with 'Speichern'). */
  title: string;
  back: string;
  /** 404: the explanation and the way back. */
  notFoundHint: string;
  backLabel: string;
  children: (record: T, id: number) => ReactNode;
};

/**
 * The frame of every record page (`/employee/{id}`, `/role/{id}` …): a bad or unknown id gives the 404
 * page with the way back to the list, loading shows the loader, a failure its German message; then the
 * editor gets the record (keyed by id, so switching records starts afresh).
 */
export function RecordPageLoader<T>({ id, query, title, back, notFoundHint, backLabel, children }: Props<T>) {
  const { t } = useTranslation();
  const notFound = (
    <NotFoundPage
      hint={notFoundHint}
      actions={
        <Button component={Link} to={back} variant="outlined" startIcon={<ArrowBackIcon />}>
          {backLabel}
        </Button>
      }
    />
  );
  if (id === null) return notFound;
  if (query.isPending) return <PlainToolbar title={title} back={back} content={<FullPageLoader />} />;
  if (query.error) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <PlainToolbar
        title={title}
        back={back}
        content={
          <Alert severity="error" role="alert">
            {errorMessage(query.error, t)}
          </Alert>
        }
      />
    );
  }
  return children(query.data as T, id);
}

function PlainToolbar({ title, back, content }: { title: string; back: string; content: ReactNode }) {
  useToolbar({ title, back });
  return content;
}
