import { render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { FloatingAfterFirstCommit, useAfterFirstCommit } from './afterFirstCommit';

const floating = (target: React.ReactElement, defaultOpened: boolean) => (
  <div data-testid="floating">
    {target}
    {defaultOpened && <span>terbuka</span>}
  </div>
);

describe('after the first commit', () => {
  it('is false in the first render and true right after', () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useAfterFirstCommit());
      return null;
    }
    render(<Probe />);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('shows the target alone at first, then the floating element around it', async () => {
    render(<FloatingAfterFirstCommit target={<button type="button">Akun</button>} floating={floating} />);
    expect(await screen.findByTestId('floating')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Akun' })).toBeTruthy();
    expect(screen.queryByText('terbuka')).toBeNull();
  });

  it('opens the floating element once it mounts when its target was clicked before', async () => {
    // Outside act: the first commit happens now, the transition that mounts the floating element later.
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() =>
        root.render(
          <FloatingAfterFirstCommit target={<button type="button">Akun</button>} floating={floating} />,
        ),
      );
      expect(container.querySelector('[data-testid="floating"]')).toBeNull();
      container.querySelector('button')?.click();
      await waitFor(() => expect(container.textContent).toContain('terbuka'));
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });
});
