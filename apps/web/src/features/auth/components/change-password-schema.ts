import type { TFunction } from 'i18next';
import { z } from 'zod';

/** The form rules of spec shell §5.3 with their exact German messages. */
export function changePasswordFormSchema(t: TFunction) {
  return (
    z
      .object({
        currentPassword: z.string().min(1, t('changePassword.currentRequired')),
        newPassword: z.string().min(1, t('changePassword.newRequired')),
        repeatPassword: z.string().min(1, t('changePassword.repeatRequired')),
      })
      // Only when both are filled: an empty field already has its 'required' message.
      .refine(
        (values) =>
          values.repeatPassword === '' ||
          values.newPassword === '' ||
          values.newPassword === values.repeatPassword,
        {
          path: ['repeatPassword'],
          message: t('changePassword.mismatch'),
          // Check the repetition even while the current password is still empty.
          when: (payload) => {
            const value = payload.value as Record<string, unknown> | undefined;
            return typeof value?.newPassword === 'string' && typeof value.repeatPassword === 'string';
          },
        },
      )
  );
}

export type ChangePasswordFormValues = z.infer<ReturnType<typeof changePasswordFormSchema>>;
