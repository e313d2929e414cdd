import { errorMessage } from '@psb/api-client/http';
import type { ConfigListTable } from '@psb/contracts/content';
import { notify } from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configKey, deleteConfigItem, PUBLIC_PAGE_KEY } from './configApi';

/**
 * Deleting an item that is already stored goes to the server at once (after the confirmation); the list
 * answered becomes the stored value and so the editor's draft.
 */
export function useDeleteItem(table: ConfigListTable) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteConfigItem(table, id),
    onSuccess: (res) => {
      notify.success(res.message);
      queryClient.setQueryData(configKey(table), { success: true, name: table, data: res.data });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PAGE_KEY });
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
}
