import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  message: string;
  onReload: () => unknown;
  /** The reload button's label (default 'Neu laden'). */
  reloadLabel?: string | undefined;
  /** While the newest state is loading, the button is off. */
  reloading?: boolean | undefined;
  /** Announced at once (role alert), e.g. in editors whose conflict appears far from the save button. */
  announce?: boolean | undefined;
  /** Given, the alert can take the focus (editors move it there when the save fails). */
  ref?: Ref<HTMLDivElement> | undefined;
};

/** After a stale save: the record changed meanwhile; the form keeps its content and offers 'Neu laden'. */
export function ConflictAlert({ message, onReload, reloadLabel, reloading, announce, ref }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      severity="warning"
      role={announce ? 'alert' : undefined}
      data-testid="conflict-alert"
      action={
        <Button color="inherit" size="small" disabled={reloading} onClick={() => void onReload()}>
          {reloadLabel ?? t('common.reload')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
