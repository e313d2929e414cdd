import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { notify, SERVER_ERROR_MESSAGE, showServerError } from './notify';
import { PsbNotifications } from './PsbNotifications';

function renderContainer() {
  render(
    <MantineProvider>
      <PsbNotifications />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
});

describe('notify', () => {
  it.each([
    ['success', 'Sukses'],
    ['error', 'Gagal'],
    ['warning', 'Peringatan'],
    ['info', 'Info'],
  ] as const)('%s is titled %s', async (kind, title) => {
    renderContainer();
    act(() => {
      notify[kind](`pesan ${kind}`);
    });
    expect(await screen.findByText(`pesan ${kind}`)).toBeInTheDocument();
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('auto-closes by default and keeps a persistent message', () => {
    const show = jest.spyOn(notifications, 'show');
    notify.info('sementara');
    notify.error('tetap', { persistent: true });
    expect(show.mock.calls[0]?.[0]).toMatchObject({ autoClose: 4000 });
    expect(show.mock.calls[1]?.[0]).toMatchObject({ title: 'Gagal', autoClose: false });
    show.mockRestore();
  });

  it('shows the server error message once while it is open', async () => {
    renderContainer();
    act(() => {
      showServerError();
      showServerError();
    });
    expect(await screen.findAllByText(SERVER_ERROR_MESSAGE)).toHaveLength(1);
  });
});

describe('failed-attempt messages belong to their page', () => {
  it('errors and warnings are cleared when the address changes; success and persistent ones stay', async () => {
    renderContainer();
    act(() => {
      notify.error('gagal simpan');
      notify.warning('periksa isian');
      notify.success('berhasil');
      notify.error('tetap ada', { persistent: true });
    });
    expect(await screen.findByText('gagal simpan')).toBeInTheDocument();
    act(() => {
      window.history.pushState({}, '', '/halaman-lain');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(screen.queryByText('gagal simpan')).not.toBeInTheDocument());
    expect(screen.queryByText('periksa isian')).not.toBeInTheDocument();
    expect(screen.getByText('berhasil')).toBeInTheDocument();
    expect(screen.getByText('tetap ada')).toBeInTheDocument();
  });
});
