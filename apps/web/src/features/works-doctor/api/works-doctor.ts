import type { LoginLocal } from '@schutzwerk/shared/auth/auth.schema.ts';
import type { RecordCheckup } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import type {
  CreateWorksDoctor,
  UpdateWorksDoctor,
  WorksDoctor,
  WorksDoctorAppointment,
  WorksDoctorContact,
  WorksDoctorEmployee,
  WorksDoctorProfile,
} from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { authKeys } from '#lib/session/auth-keys.ts';
import { getCurrentUser } from '#lib/session/get-current-user.ts';
import { setSessionEndReason } from '#lib/session/session-end.ts';
import { setToken } from '#lib/session-token.ts';

export const worksDoctorKeys = {
  all: ['worksDoctor'] as const,
  me: () => [...worksDoctorKeys.all, 'me'] as const,
  employees: () => [...worksDoctorKeys.all, 'employees'] as const,
  appointments: (from: string, to: string) => [...worksDoctorKeys.all, 'appointments', from, to] as const,
  doctors: () => [...worksDoctorKeys.all, 'doctors'] as const,
  contact: () => [...worksDoctorKeys.all, 'contact'] as const,
};

/** The works-doctor sign-in (decision 063): the same token as the ordinary one, refused with its own messages. */
export function useWorksDoctorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginLocal) => {
      const answer = await api.post<{ token: string }>('works-doctor/login', credentials);
      setToken(answer.token);
      return getCurrentUser();
    },
    onSuccess: (user) => {
      setSessionEndReason(null);
      queryClient.setQueryData(authKeys.user(), user);
    },
  });
}

export function useWorksDoctorProfile() {
  return useQuery({
    queryKey: worksDoctorKeys.me(),
    queryFn: async () => (await api.get<{ data: WorksDoctorProfile }>('works-doctor/me')).data,
    // The page shows the refusal's own message (module unavailable, invalid works-doctor login), not the
    // generic 403 screen.
    throwOnError: false,
  });
}

export function useWorksDoctorEmployees(enabled: boolean) {
  return useQuery({
    queryKey: worksDoctorKeys.employees(),
    queryFn: async () => (await api.get<{ data: WorksDoctorEmployee[] }>('works-doctor/employees')).data,
    enabled,
    throwOnError: false,
  });
}

export function useWorksDoctorAppointments(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: worksDoctorKeys.appointments(from, to),
    queryFn: async () =>
      (await api.get<{ data: WorksDoctorAppointment[] }>('works-doctor/appointments', { from, to })).data,
    enabled,
    throwOnError: false,
  });
}

/**
 * The doctor records a check-up of one of their employees' precautions (decision 072): date and assessment kind.
 * The employee list and the appointments (a booked one becomes done) are loaded again, also after a conflict, so
 * that the dialog's next attempt carries the current version.
 */
export function useRecordWorksDoctorCheckup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      employeeId,
      precautionId,
      ...input
    }: RecordCheckup & { employeeId: number; precautionId: number }) =>
      (
        await api.post<{ data: WorksDoctorEmployee }>(
          `works-doctor/employees/${employeeId}/precautions/${precautionId}/checkups`,
          input,
        )
      ).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: worksDoctorKeys.employees() }),
        queryClient.invalidateQueries({ queryKey: [...worksDoctorKeys.all, 'appointments'] }),
      ]),
  });
}

/** The contact data shown on „Meine Vorsorge“ (null while not shown). */
export function useWorksDoctorContact() {
  return useQuery({
    queryKey: worksDoctorKeys.contact(),
    queryFn: async () => (await api.get<{ data: WorksDoctorContact }>('works-doctor/contact')).data,
    staleTime: 60_000,
  });
}

export const fetchWorksDoctors = async () =>
  (await api.get<{ data: WorksDoctor[] }>('works-doctor/doctors')).data;

export function useWorksDoctors() {
  return useQuery({ queryKey: worksDoctorKeys.doctors(), queryFn: fetchWorksDoctors });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: worksDoctorKeys.doctors() });
}

export function useCreateWorksDoctor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreateWorksDoctor) =>
      (await api.post<{ data: WorksDoctor }>('works-doctor/doctors', input)).data,
    onSuccess: refresh,
  });
}

export function useUpdateWorksDoctor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...patch }: UpdateWorksDoctor & { id: number }) =>
      (await api.patch<{ data: WorksDoctor }>(`works-doctor/doctors/${id}`, patch)).data,
    onSuccess: refresh,
  });
}

export function useDeleteWorksDoctor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`works-doctor/doctors/${id}`, { version }),
    onSuccess: refresh,
  });
}

/** The executing bodies a works doctor can belong to (active and inactive). */
export function useExecutingBodies() {
  return useQuery({
    queryKey: [...worksDoctorKeys.all, 'executingBodies'] as const,
    queryFn: async () =>
      (
        await api.get<{ data: { id: number; name: string; active: boolean }[] }>(
          'works-doctor/executing-bodies',
        )
      ).data,
    staleTime: 60_000,
  });
}
