import type { RegistrantTimeline } from '@psb/contracts/parent';
import { Group, Text } from '@psb/ui';
import { IconCircle, IconCircleCheckFilled, IconCircleDot } from '@tabler/icons-react';

const ICONS = {
  done: <IconCircleCheckFilled size={18} color="var(--mantine-color-green-8)" aria-hidden />,
  current: <IconCircleDot size={18} color="var(--mantine-color-brand-7)" aria-hidden />,
  upcoming: <IconCircle size={18} color="var(--mantine-color-gray-6)" aria-hidden />,
} as const;
const STATE_LABEL = { done: 'selesai', current: 'sekarang', upcoming: 'belum' } as const;
/** The state in words for screen readers (the icons carry it for the eye). */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Where the application stands: the steps in order, and the one thing to do next. */
export function ApplicationTimeline({ timeline }: { timeline: RegistrantTimeline }) {
  return (
    <div>
      <Group
        component="ol"
        gap={6}
        wrap="wrap"
        aria-label="Tahapan pendaftaran"
        data-testid="timeline"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {timeline.steps.map((s) => (
          <Group
            component="li"
            key={s.key}
            gap={4}
            wrap="nowrap"
            data-step={s.key}
            data-state={s.state}
            aria-current={s.state === 'current' ? 'step' : undefined}
          >
            {ICONS[s.state]}
            <Text
              size="sm"
              fw={s.state === 'current' ? 700 : 400}
              c={s.state === 'upcoming' ? 'gray.7' : undefined}
            >
              {s.label}
              <span style={HIDDEN}> ({STATE_LABEL[s.state]})</span>
            </Text>
          </Group>
        ))}
      </Group>
      <Text size="sm" mt={6} data-testid="next-step">
        <Text span fw={600} inherit>
          Langkah berikutnya:
        </Text>{' '}
        {timeline.next.text}
      </Text>
    </div>
  );
}
