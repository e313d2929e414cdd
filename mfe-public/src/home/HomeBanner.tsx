import type { FirstPage } from '@psb/contracts/public';
import { Alert, Anchor, Markdown } from '@psb/ui';
import { IconSpeakerphone } from '@tabler/icons-react';
import { serverHtml } from './api';

/** The banner staff set on Beranda (shown only while active). */
export function HomeBanner({ banner }: { banner: FirstPage['result']['banner_home'] }) {
  return (
    <Alert variant="light" icon={<IconSpeakerphone size={20} aria-hidden />} data-testid="home-banner">
      <Markdown html={serverHtml(banner.text)}>{banner.text}</Markdown>
      {banner.link && (
        <Anchor href={banner.link} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
          Selengkapnya
        </Anchor>
      )}
    </Alert>
  );
}
