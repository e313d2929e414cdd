import { useWaitingLine } from '@psb/api-client/http';
import { MantineProvider } from '@psb/ui';
import { act, render, screen } from '@testing-library/react';
import { WaitingScreen } from './WaitingScreen';

afterEach(() => act(() => useWaitingLine.setState({ wait: null })));

describe('waiting screen', () => {
  it('shows nothing until a call waits, then the place in line and the estimate, updated on each try', () => {
    render(
      <MantineProvider>
        <WaitingScreen />
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() =>
      useWaitingLine.setState({ wait: { position: 12, estimatedSeconds: 95, nextTryAt: Date.now() + 5000 } }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Anda dalam antrean…' });
    expect(dialog).toHaveTextContent('Nomor antrean Anda: 12');
    expect(dialog).toHaveTextContent('Perkiraan waktu tunggu: 2 menit');
    expect(dialog).toHaveTextContent('data yang sudah Anda isi tetap tersimpan');

    act(() =>
      useWaitingLine.setState({ wait: { position: 3, estimatedSeconds: 20, nextTryAt: Date.now() + 5000 } }),
    );
    expect(screen.getByTestId('waiting-position')).toHaveTextContent('Nomor antrean Anda: 3');
    expect(screen.getByTestId('waiting-estimate')).toHaveTextContent('20 detik');

    act(() => useWaitingLine.setState({ wait: null }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
