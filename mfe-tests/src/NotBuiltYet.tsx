import { EmptyState } from '@psb/ui';

/** A page of this remote whose screen is still being built: routed, so the sidebar and permissions work. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <EmptyState
      title={title}
      description="Halaman ini sedang disiapkan. Silakan kembali beberapa saat lagi."
    />
  );
}
