import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
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
