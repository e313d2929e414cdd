import { convenienceFeeResource } from '@psb/contracts/resources';
import { ResourceListPage } from '@psb/resource-ui';
import { Stack } from '@psb/ui';
import { FeeCalculator } from '../convenience-fee/FeeCalculator';

/** Biaya Admin: the fee of each payment channel (the generic list and form) and a preview of what parents pay. */
export default function ConvenienceFeePage() {
  return (
    <Stack gap="lg">
      <ResourceListPage decl={convenienceFeeResource} />
      <FeeCalculator />
    </Stack>
  );
}
