import { errorMessage } from '@psb/api-client/http';
import { CONFIG_ENTRIES, type ConfigName, type ConfigValue } from '@psb/contracts/content';
import { Button, Card, Group, NoAccess, PageError, Skeleton, Stack, Text, Title } from '@psb/ui';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type ConfigEditor, useConfigEditor } from './useConfigEditor';

export interface ConfigSectionProps<N extends ConfigName> {
  name: N;
  title: string;
  description?: string;
  children: (
    draft: ConfigValue<N>,
    set: (next: ConfigValue<N>) => void,
    editor: ConfigEditor<N>,
  ) => ReactNode;
}

/**
 * A card editing one named config: loading and error states, the fields (children), and Simpan — enabled
 * when something changed and the role may update the config's module. Without read access it says so.
 */
export function ConfigSection<N extends ConfigName>({
  name,
  title,
  description,
  children,
}: ConfigSectionProps<N>) {
  const editor = useConfigEditor(name);
  const { actions, query, draft, setDraft, save, dirty } = editor;
  const body = !actions.read ? (
    <NoAccess modules={[CONFIG_ENTRIES[name].module]} />
  ) : query.isError ? (
    <PageError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
  ) : draft === null ? (
    <Skeleton height={120} />
  ) : (
    <fieldset
      disabled={!actions.update || save.isPending}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Stack gap="sm">{children(draft, setDraft, editor)}</Stack>
    </fieldset>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          )}
        </Stack>
        {body}
        {actions.update && draft !== null && (
          <Group justify="flex-end">
            <Button
              leftSection={<IconDeviceFloppy size={16} stroke={1.6} />}
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => save.mutate(draft)}
              data-testid={`save-${name}`}
            >
              Simpan
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
