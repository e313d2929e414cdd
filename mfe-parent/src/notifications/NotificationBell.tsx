import {
  ActionIcon,
  Button,
  FloatingAfterFirstCommit,
  formatDateTime,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@psb/ui';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inboxKey, inboxQuery, markRead } from './api';

/** The parent's messages (schedules, results, …): a bell with the unread count and the list. */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery());
  const read = useMutation({
    mutationFn: (ids?: number[]) => markRead(ids),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
  const unread = inbox.data?.unread ?? 0;
  const messages = inbox.data?.messages ?? [];

  return (
    // The indicator wraps the popover: its target must be the button itself (it gets aria-expanded).
    <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
      {/* Mounted after the first commit, like the header's menus (see useAfterFirstCommit). */}
      <FloatingAfterFirstCommit
        target={
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi'}
            data-testid="notification-bell"
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        }
        floating={(target, defaultOpened) => (
          <Popover width={360} position="bottom-end" shadow="md" withArrow defaultOpened={defaultOpened}>
            <Popover.Target>{target}</Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs" data-testid="notification-list">
                <Group justify="space-between">
                  <Text fw={600}>Notifikasi</Text>
                  {unread > 0 && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => read.mutate(undefined)}
                      loading={read.isPending}
                    >
                      Tandai semua sudah dibaca
                    </Button>
                  )}
                </Group>
                {inbox.isPending ? (
                  <Skeleton height={60} />
                ) : inbox.isError ? (
                  <Text size="sm" c="red.9">
                    Notifikasi gagal dimuat. Coba lagi nanti.
                  </Text>
                ) : messages.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    Belum ada notifikasi.
                  </Text>
                ) : (
                  <ScrollArea.Autosize mah={360}>
                    <Stack gap={6}>
                      {messages.map((m) => (
                        <UnstyledButton
                          key={m.id}
                          onClick={() => !m.read && read.mutate([m.id])}
                          p="xs"
                          style={{
                            borderRadius: 6,
                            background: m.read ? undefined : 'var(--mantine-color-blue-light)',
                          }}
                        >
                          <Text size="sm" fw={m.read ? 400 : 600}>
                            {m.subject}
                          </Text>
                          <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                            {m.body}
                          </Text>
                          <Text size="xs" c="gray.7">
                            {formatDateTime(m.created_at)}
                            {m.read ? '' : ' · belum dibaca'}
                          </Text>
                        </UnstyledButton>
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                )}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      />
    </Indicator>
  );
}
