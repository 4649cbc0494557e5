/** Product update (spec; not built yet). */
import type { ErrorDefinition } from './definition.ts';

export const productUpdateErrors = {
  UPDATE_NO_VERSION_INFO_ON_CHANNEL: {
    status: 404,
    message: 'Für den gewählten Update-Kanal liegen keine Versionsinformationen vor.',
  },
  UPDATE_DOWNLOAD_IN_PROGRESS: {
    status: 409,
    message: 'Ein Update wird bereits heruntergeladen. Bitte warten Sie, bis der Download abgeschlossen ist.',
  },
  UPDATE_INSTALLATION_FAILED: {
    status: 500,
    message: 'Die Installation des Updates ist fehlgeschlagen. Bitte wenden Sie sich an den Support.',
  },
  UPDATE_INSTALLATION_FILE_MISSING: {
    status: 500,
    message: 'Die Installationsdatei des Updates fehlt. Bitte laden Sie das Update erneut herunter.',
  },
  UPDATE_NO_INFO: {
    status: 404,
    message: 'Es liegen keine Update-Informationen vor.',
  },
} as const satisfies Record<string, ErrorDefinition>;
