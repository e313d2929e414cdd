import { Link } from '@psb/router';
import { Accordion, Anchor, Button, Group, Markdown, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { firstPageQuery } from '../home/api';
import { FAQ_TOPICS, type FaqTopic, useInfoLinks } from './area';

/**
 * FAQ from `public/first_page` (faq: topic, question, answer). /faq1 and the parent's /faq show every topic
 * with a topic filter; /faq/{topic} opens with that topic chosen.
 */
export function FaqPage({ topic }: { topic?: FaqTopic }) {
  const { data, isPending } = useQuery(firstPageQuery());
  const links = useInfoLinks();
  const [chosen, setChosen] = useState<FaqTopic | 'all'>(topic ?? 'all');
  const current = topic ?? chosen;
  const faq = (data?.result.faq ?? []).filter((f) => current === 'all' || f.topic === current);
  const label = FAQ_TOPICS.find((t) => t.key === current)?.label;

  const pill = (key: FaqTopic | 'all', text: string) => {
    const active = current === key;
    const common = { size: 'xs' as const, radius: 'xl', variant: active ? 'filled' : 'light' };
    // On the public site each topic has its own address; in the parent area the filter stays on the page.
    if (!links.parent && key !== 'all')
      return (
        <Button
          key={key}
          {...common}
          component={Link}
          to={`/faq/${key}`}
          aria-current={active ? 'page' : undefined}
        >
          {text}
        </Button>
      );
    if (!links.parent)
      return (
        <Button key={key} {...common} component={Link} to="/faq1" aria-current={active ? 'page' : undefined}>
          {text}
        </Button>
      );
    return (
      <Button key={key} {...common} onClick={() => setChosen(key)} aria-pressed={active}>
        {text}
      </Button>
    );
  };

  return (
    <Stack gap="md">
      <Title order={2}>{label ? `FAQ: ${label}` : 'Pertanyaan yang Sering Diajukan'}</Title>
      <Group gap="xs" role="navigation" aria-label="Topik FAQ">
        {pill('all', 'Semua')}
        {FAQ_TOPICS.map((t) => pill(t.key, t.label))}
      </Group>
      {isPending ? (
        <Skeleton height={160} />
      ) : faq.length === 0 ? (
        <Text c="gray.7">Belum ada pertanyaan untuk topik ini.</Text>
      ) : (
        <Accordion variant="separated" radius="md" data-testid="faq-list">
          {faq.map((f) => (
            <Accordion.Item key={`${f.topic}-${f.question}`} value={`${f.topic}-${f.question}`}>
              <Accordion.Control>
                <Text fw={600}>{f.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Markdown>{f.answer}</Markdown>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Text size="sm" c="gray.7">
        Pertanyaan Anda belum terjawab?{' '}
        <Anchor component={Link} to={links.contact} inherit fw={600}>
          Hubungi kami
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export default FaqPage;
