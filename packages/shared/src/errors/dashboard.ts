/** Dashboards, categories and widgets (spec; not built yet). */
import type { ErrorDefinition } from './definition.ts';

export const dashboardErrors = {
  DASHBOARD_NOT_FOUND: { status: 404, message: 'Das Dashboard wurde nicht gefunden.' },
  DASHBOARD_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben dieses Dashboard bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  DASHBOARD_IS_A_FORK: {
    status: 409,
    message: 'Dieses Dashboard ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  DASHBOARD_NOT_OWNED_BY_USER: {
    status: 403,
    message: 'Dieses Dashboard gehört einer anderen Person und kann von Ihnen nicht geändert werden.',
  },
  DASHBOARD_HAS_CATEGORY_MAPPINGS: {
    status: 409,
    message: 'Dem Dashboard sind noch Kategorien zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  DASHBOARD_MAPPING_ALREADY_EXISTS: {
    status: 409,
    message: 'Diese Zuordnung zum Dashboard besteht bereits.',
  },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Die Kategorie wurde nicht gefunden.' },
  CATEGORY_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben diese Kategorie bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  CATEGORY_IS_A_FORK: {
    status: 409,
    message: 'Diese Kategorie ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  CATEGORY_NOT_OWNED_BY_USER: {
    status: 403,
    message: 'Diese Kategorie gehört einer anderen Person und kann von Ihnen nicht geändert werden.',
  },
  CATEGORY_HAS_DASHBOARD_MAPPINGS: {
    status: 409,
    message: 'Die Kategorie ist noch Dashboards zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  CATEGORY_HAS_WIDGET_MAPPINGS: {
    status: 409,
    message: 'Der Kategorie sind noch Widgets zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  WIDGET_NOT_FOUND: { status: 404, message: 'Das Widget wurde nicht gefunden.' },
  WIDGET_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben dieses Widget bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  WIDGET_IS_A_FORK: {
    status: 409,
    message: 'Dieses Widget ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  WIDGET_HAS_CATEGORY_MAPPINGS: {
    status: 409,
    message: 'Das Widget ist noch Kategorien zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
} as const satisfies Record<string, ErrorDefinition>;
