import { formatRupiah } from '@psb/contracts/core';
import { STATUS_LABELS } from '@psb/contracts/registrant-status';
import type { DashboardData, DashboardQuery } from '@psb/contracts/reports';
import { Link } from '@psb/router';
import {
  Anchor,
  Card,
  EmptyState,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@psb/ui';
import { lazy, memo, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { FUNNEL_ORDER } from './funnel';
import { billsLink, registrantsLink } from './links';

const loadCharts = () => import('./DashboardCharts');
const DashboardCharts = lazy(loadCharts);
/** How much of the charts' place must be on screen before they are drawn. */
const DRAW_WHEN_VISIBLE = 0.3;

const n = (v: number) => v.toLocaleString('id-ID');

/** A number that opens the list it counts. */
function CountLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Anchor component={Link} to={to} fw={600} data-testid={testId}>
      {children}
    </Anchor>
  );
}

/**
 * The charts (the staff area's largest chunk, and a long render: recharts draws in several passes) are drawn
 * once a good part of their place is on screen: on a phone they sit below the figures, and the page is usable
 * before them. Their code is fetched when the visitor starts to scroll, so it is usually in by then; a page
 * only opened and read at the top never pays for it.
 */
function ChartsWhenSeen({ data }: { data: DashboardData }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const place = ref.current;
    if (seen || !place) return;
    const prefetch = () => void loadCharts();
    window.addEventListener('scroll', prefetch, { passive: true, once: true });
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setSeen(true);
      },
      { threshold: DRAW_WHEN_VISIBLE },
    );
    observer.observe(place);
    return () => {
      window.removeEventListener('scroll', prefetch);
      observer.disconnect();
    };
  }, [seen]);
  const placeholder = <Skeleton height={300} radius="md" />;
  return (
    <div ref={ref} data-testid="dashboard-charts-area">
      {seen ? (
        <Suspense fallback={placeholder}>
          <DashboardCharts data={data} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

function MoneyCard({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: string;
  to: string;
  testId: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} data-testid={testId}>
      <Card withBorder padding="md" radius="md" h="100%">
        <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text fz={22} fw={700} c="brand" mt={6}>
          {value}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

/**
 * The season in figures: money, the funnel per school and period, the charts and places left. Memoised: the
 * summary renders again while a newer answer is on its way, and these tables are the page's largest render.
 */
export const AdmissionFigures = memo(function AdmissionFigures({
  data,
  scope,
}: {
  data: DashboardData;
  scope: DashboardQuery;
}) {
  const m = data.money;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="dashboard-money">
        <MoneyCard
          label={`Tagihan (${n(m.bills)})`}
          value={formatRupiah(m.billed)}
          to={billsLink(scope)}
          testId="money-billed"
        />
        <MoneyCard label="Terbayar" value={formatRupiah(m.paid)} to={billsLink(scope)} testId="money-paid" />
        <MoneyCard
          label={`Sisa (${n(m.open_bills)} tagihan)`}
          value={formatRupiah(m.outstanding)}
          to={billsLink(scope, { status: '0' })}
          testId="money-outstanding"
        />
        <MoneyCard
          label="Tagihan lunas"
          value={n(m.paid_bills)}
          to={billsLink(scope, { state: 'paid' })}
          testId="money-paid-bills"
        />
      </SimpleGrid>

      {data.funnel.length === 0 ? (
        <Card withBorder>
          <EmptyState
            title="Belum ada pendaftar"
            description="Belum ada calon murid pada tahun dan filter ini."
          />
        </Card>
      ) : (
        <>
          <ChartsWhenSeen data={data} />
          <Card withBorder padding={0}>
            <ScrollArea>
              <Table striped highlightOnHover data-testid="dashboard-funnel" miw={1100}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sekolah / Periode</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    {FUNNEL_ORDER.map((s) => (
                      <Table.Th key={s} ta="right">
                        {STATUS_LABELS[s]}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">Ditawari kursi</Table.Th>
                    <Table.Th ta="right">Lunas</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.funnel.map((f) => {
                    const base = { school_id: f.school_id, school_period_id: f.school_period_id };
                    return (
                      <Table.Tr key={f.school_period_id} data-period={f.school_period_id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {f.school_name}
                          </Text>
                          <Text size="xs" c="gray.7">
                            {f.period_name}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <CountLink to={registrantsLink(base)} testId={`funnel-total-${f.school_period_id}`}>
                            {n(f.total)}
                          </CountLink>
                        </Table.Td>
                        {FUNNEL_ORDER.map((s) => (
                          <Table.Td key={s} ta="right">
                            {f.statuses[s] ? (
                              <CountLink
                                to={registrantsLink({ ...base, status: s })}
                                testId={`funnel-${s}-${f.school_period_id}`}
                              >
                                {n(f.statuses[s] ?? 0)}
                              </CountLink>
                            ) : (
                              <Text size="sm" c="gray.6">
                                0
                              </Text>
                            )}
                          </Table.Td>
                        ))}
                        <Table.Td ta="right" data-testid={`funnel-offered-${f.school_period_id}`}>
                          {n(f.offered)}
                        </Table.Td>
                        <Table.Td ta="right">
                          <CountLink
                            to={billsLink(base, { state: 'paid' })}
                            testId={`funnel-paid-${f.school_period_id}`}
                          >
                            {n(f.paid)}
                          </CountLink>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Card>
        </>
      )}

      {data.places.length > 0 && (
        <Card withBorder padding={0}>
          <Text fw={600} p="md" pb={0}>
            Sisa Kuota per Kelas
          </Text>
          <ScrollArea>
            <Table striped data-testid="dashboard-places">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sekolah / Periode</Table.Th>
                  <Table.Th>Kelas</Table.Th>
                  <Table.Th ta="right">Kuota</Table.Th>
                  <Table.Th ta="right">Terisi</Table.Th>
                  <Table.Th ta="right">Sisa</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.places.map((p) => (
                  <Table.Tr key={`${p.school_period_id}-${p.mst_class_id}`}>
                    <Table.Td>
                      <Text size="sm">{p.school_name}</Text>
                      <Text size="xs" c="gray.7">
                        {p.period_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.class_name}</Table.Td>
                    <Table.Td ta="right">{n(p.quota)}</Table.Td>
                    <Table.Td ta="right">
                      <CountLink
                        to={registrantsLink({
                          school_id: p.school_id,
                          school_period_id: p.school_period_id,
                          mst_class_id: p.mst_class_id,
                        })}
                      >
                        {n(p.taken)}
                      </CountLink>
                    </Table.Td>
                    <Table.Td ta="right" c={p.left === 0 ? 'red.8' : undefined} fw={600}>
                      {n(p.left)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
    </Stack>
  );
});
