import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type NotificationSettingsResponse, type NotificationSettingsUpdate, type NotificationSettingsView } from '@contract/notifications';
import { callRoute } from '@/lib/api-route';
import { notificationSettingsKeys } from './query-keys';

export type { NotificationSettingsResponse, NotificationSettingsView };

/** GET /api/notification-settings: the account's switches, one per kind of notification email. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsResponse> {
  return callRoute(notificationRoutes.notificationSettings, { signal });
}

/** PUT /api/notification-settings with the switches that changed. */
export async function updateNotificationSettings(changes: NotificationSettingsUpdate): Promise<NotificationSettingsResponse> {
  return callRoute(notificationRoutes.updateNotificationSettings, { body: changes });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.all,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    meta: { errorMessage: 'Could not load the notification settings.' },
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Saves a switch; the screen shows the server's answer (the settings as saved). */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKeys.all, saved),
  });
}
