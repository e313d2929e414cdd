import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Markdown } from './Markdown';
import { markdownHtml } from './MarkdownBody';

describe('staff Markdown on a page', () => {
  it('renders the formatting staff use, and opens other sites in a new tab', async () => {
    render(
      <MantineProvider>
        <Markdown data-testid="md">
          {
            '## Jadwal\n\n**Tes** tanggal *7 Desember*\n- baris satu\n- baris dua\n\n[Panduan](https://contoh.sch.id/p) · [Masuk](/login)'
          }
        </Markdown>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Jadwal' })).toBeTruthy();
    expect(screen.getByText('Tes').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['baris satu', 'baris dua']);
    const external = screen.getByRole('link', { name: 'Panduan' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const own = screen.getByRole('link', { name: 'Masuk' });
    expect(own.getAttribute('href')).toBe('/login');
    expect(own.getAttribute('target')).toBeNull();
  });

  it.each([
    ['a protocol-relative address', '[a](//evil.example/masuk)'],
    ['a slash and a backslash', '[a](/\\evil.example)'],
    ['a slash and a tab before a second slash', '[a](</\t/evil.example>)'],
    ['two backslashes', '[a](\\\\evil.example)'],
    ['a relative address', '[a](evil.example)'],
    ['a reference to another site without a scheme', '[a]\n\n[a]: //evil.example'],
  ])('does not make %s a link', (_, text) => {
    const host = document.createElement('div');
    host.innerHTML = markdownHtml(text);
    expect(host.querySelector('a')).toBeNull();
    expect(host.textContent?.trim()).toBe('a');
  });

  it('keeps links to this site in the tab, other sites in a new one, and mail and telephone as they are', () => {
    const host = document.createElement('div');
    host.innerHTML = markdownHtml(
      '[Beranda](/) [Masuk](/?modal=login) [Daftar](/pendaftaran/baru) [Web](http://contoh.sch.id) ' +
        '[Surel](mailto:tu@contoh.sch.id) [Telepon](tel:+6221123)',
    );
    const links = [...host.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('target'),
      a.getAttribute('rel'),
    ]);
    expect(links).toEqual([
      ['Beranda', '/', null, null],
      ['Masuk', '/?modal=login', null, null],
      ['Daftar', '/pendaftaran/baru', null, null],
      ['Web', 'http://contoh.sch.id', '_blank', 'noopener noreferrer'],
      ['Surel', 'mailto:tu@contoh.sch.id', null, null],
      ['Telepon', 'tel:+6221123', null, null],
    ]);
  });

  it('shows a picture only from this site or the web', () => {
    const host = document.createElement('div');
    host.innerHTML = markdownHtml('![logo](/logo.png) ![jauh](//evil.example/x.png)');
    expect([...host.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/logo.png']);
    expect(host.textContent).toContain('jauh');
  });

  it.each([
    ['raw HTML', '<img src=x onerror=alert(1)> halo <script>alert(1)</script>'],
    ['a javascript: link', '[klik](javascript:alert(1))'],
    ['a data: picture', '![x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['a quote breaking out of the address', '[x](https://a.b/"onmouseover="alert(1))'],
    ['an entity that spells a tag', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('leaves no way to run script from %s', (_, text) => {
    const host = document.createElement('div');
    host.innerHTML = markdownHtml(text);
    expect(host.querySelector('script, iframe, object, embed')).toBeNull();
    for (const el of host.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith('on')).toBe(false);
        expect(attr.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
    }
  });

  it('shows an escaped tag as the characters a parent should read', () => {
    const host = document.createElement('div');
    host.innerHTML = markdownHtml('Nilai &lt;75 diulang');
    expect(host.textContent?.trim()).toBe('Nilai <75 diulang');
  });
});
