import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useWorksDoctorContact } from './api/works-doctor.ts';

/**
 * The works doctor's contact data for employees (settings tab „Betriebsarzt“, decision 063); nothing while the
 * module is off or the display not chosen.
 */
export function WorksDoctorContactCard() {
  const { t } = useTranslation();
  const contact = useWorksDoctorContact();
  const c = contact.data;
  if (!c) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="works-doctor-contact-heading">
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Typography id="works-doctor-contact-heading" variant="h6" component="h2">
          {t('worksDoctor.contact.title')}
        </Typography>
        <Typography>{c.name}</Typography>
        {c.phone && (
          <Typography>
            {t('worksDoctor.contact.phone')}:{' '}
            <Link href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</Link>
          </Typography>
        )}
        {c.email && (
          <Typography>
            {t('worksDoctor.contact.email')}: <Link href={`mailto:${c.email}`}>{c.email}</Link>
          </Typography>
        )}
        {c.hours && <Typography sx={{ whiteSpace: 'pre-line' }}>{c.hours}</Typography>}
      </CardContent>
    </Card>
  );
}
