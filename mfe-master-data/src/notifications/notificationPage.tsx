import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@psb/contracts/notifications';
import { useModuleActions } from '@psb/resource-ui';
import { Card, NoAccess, Stack, Text, Title } from '@psb/ui';
import type { ComponentType } from 'react';
import { AudienceSender } from './AudienceSender';
import { DeliveryLog } from './DeliveryLog';
import { TemplateEditor } from './TemplateEditor';

/** One Notifikasi screen (test schedule or graduation): template, audience with preview and send, log. */
export function notificationPage(kind: NotificationKind): ComponentType {
  const { label, module } = NOTIFICATION_KIND_INFO[kind];
  return function NotificationPage() {
    const actions = useModuleActions(module);
    if (!actions.read) return <NoAccess modules={[module]} />;
    return (
      <Stack gap="md" maw={960}>
        <Stack gap={2}>
          <Title order={2}>Notifikasi {label}</Title>
          <Text size="sm" c="gray.7">
            Pesan dikirim lewat WhatsApp atau e-mail sesuai kontak yang didaftarkan orang tua, dan selalu
            tampil di aplikasi orang tua.
          </Text>
        </Stack>
        <TemplateEditor kind={kind} editable={actions.update} />
        <AudienceSender kind={kind} canSend={actions.insert} />
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Log Pengiriman
            </Title>
            <DeliveryLog jobId={null} live />
          </Stack>
        </Card>
      </Stack>
    );
  };
}
